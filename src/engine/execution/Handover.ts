import type { GraphQLResolveInfo } from 'graphql';
import type { Path } from './Path.js';

/**
 * Where generated code (generateSelection.ts) that stopped at a field leaves what the
 * interpreter needs to go on from that field, read and cleared by the caller at once, so it keeps
 * no response's text, error or value alive. There is one record (`handover`) for every
 * execution: it is written just before generated code returns and read by its caller before
 * anything else runs, so no other execution (not even one a resolver starts inside a writer,
 * which has finished by then) can come between.
 */
export interface Handover {
  /** How the field stopped (STOP_*). */
  kind: number;
  /** The text written so far (comma included), for the text back end. */
  text: string;
  /** What a getter or resolver threw (NO_ERROR: nothing). */
  error: unknown;
  /** The value read or resolved and not taken (UNREAD: none), or for STOP_PENDING the field's text. */
  value: unknown;
  /** For STOP_RESOLVED: whether `value`'s `then` is a function (read once already). */
  thenable: boolean;
  /** For STOP_RESOLVED and STOP_FAILED: the field's path and resolve info. */
  path: Path | undefined;
  info: GraphQLResolveInfo | undefined;
  /** For the object back end: a value it stored is a promise (a sub-selection that waits). */
  async: boolean;
}

/** A leaf or default-read value: `error` (its getter threw) or `value` (read, not taken). */
export const STOP_READ = 0;
/** `value` resolved (or read), not an object to go into, to complete at `path` with `info`. */
export const STOP_RESOLVED = 1;
/** The field's text is `value`: a promise, or OMITTED (text back end only). */
export const STOP_PENDING = 2;
/** The field's resolver or sub-selection failed with `error`, at `path`. */
export const STOP_FAILED = 3;

export const NO_ERROR: unique symbol = Symbol('no error');
/** A field whose property the generated code has not read. */
export const UNREAD: unique symbol = Symbol('unread');

/** The one handover record (see Handover). */
export const handover: Handover = {
  kind: STOP_READ,
  text: '',
  error: NO_ERROR,
  value: UNREAD,
  thenable: false,
  path: undefined,
  info: undefined,
  async: false,
};

/** Clears what a stop left, after the caller has taken it. */
export function clearHandover(handover: Handover): void {
  handover.kind = STOP_READ;
  handover.text = '';
  handover.error = NO_ERROR;
  handover.value = UNREAD;
  handover.thenable = false;
  handover.path = handover.info = undefined;
}
