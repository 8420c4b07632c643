import type {
  FieldNode,
  FragmentDefinitionNode,
  GraphQLField,
  GraphQLObjectType,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';

/**
 * The seam between the engine and a database (README.md, "Layout"). A root field whose definition
 * carries `extensions.sluice.source` is not resolved by a resolver: at plan time the engine hands
 * every such root field of the operation to its source at once, and the source compiles them into
 * one statement. At run time the engine runs that statement once and splices the JSON text it
 * returns into the response.
 */
export interface DataSource {
  /** A short name for logs and `explain` output (e.g. "postgres"). */
  readonly name: string;
  /** Called once per plan, never per request. May throw a GraphQLError to refuse the operation. */
  compile(request: SourceCompileRequest): CompiledSourceQuery;
}

/** One root field handed to a data source. */
export interface SourceRootField {
  /** The key the field's value must appear under (alias or field name). */
  readonly responseKey: string;
  readonly fieldDef: GraphQLField<unknown, unknown>;
  /** All field nodes merged under this response key (as graphql-js's collectFields merges them). */
  readonly fieldNodes: ReadonlyArray<FieldNode>;
}

export interface SourceCompileRequest {
  readonly schema: GraphQLSchema;
  readonly operation: OperationDefinitionNode;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  readonly parentType: GraphQLObjectType;
  /** The root fields for this source, in response order. */
  readonly fields: ReadonlyArray<SourceRootField>;
  /**
   * The values of the variables that decided `@skip`/`@include` while planning. Plans are
   * specialised per combination of those values, so a source may treat them as constants.
   */
  readonly conditionValues: Readonly<Record<string, unknown>>;
}

/** What a source returns for one root field. */
export type SourceFieldResult =
  /**
   * JSON of the field's value, already in response shape: spliced without parsing. As UTF-8
   * bytes, it reaches a caller that takes the response as bytes (the server) without being
   * decoded at all.
   */
  | { readonly kind: 'json'; readonly json: string | Uint8Array }
  /** A value the engine completes through the normal plan (e.g. rows that feed computed fields). */
  | { readonly kind: 'value'; readonly value: unknown }
  /**
   * The field's own error (a request value its source refused for this field alone): a field
   * error at the field's path, while the other fields of the statement keep their answers.
   */
  | { readonly kind: 'error'; readonly error: Error };

const decoder = new TextDecoder();

/** The JSON text of a `json` result, decoding UTF-8 bytes. */
export function sourceJSONText(json: string | Uint8Array): string {
  return typeof json === 'string' ? json : decoder.decode(json);
}

/**
 * Where a request's abort signal is, read only when it is needed. createEngine passes its
 * `ExecuteRequest` itself, whose `signal` may be a getter that makes the signal on first access
 * (the server's is): a source that reads `signal` only for work still pending after a while, or
 * only when it must wait, costs a short request nothing.
 */
export interface Abortable {
  readonly signal?: AbortSignal | undefined;
  /**
   * Whether the request was given up, answered without making a signal (the server's is a
   * getter over what it already knows). Optional: where it is absent, `signal.aborted` says it.
   */
  readonly aborted?: boolean | undefined;
}

/** Whether `abortable`'s request was given up, reading its signal only if it has no `aborted`. */
export function isAborted(abortable: Abortable | undefined): boolean {
  if (abortable === undefined) return false;
  return abortable.aborted ?? abortable.signal?.aborted ?? false;
}

export interface CompiledSourceQuery {
  /**
   * Runs the statement once for all the fields, in the order they were given to `compile`: one
   * result per field. A rejection is an error of every field; an `error` result, of its field.
   * `abortable.signal` is the request's (createEngine's `ExecuteRequest.signal`; undefined when
   * the caller gave none): when it aborts — the client went away, or the request timed out — the
   * source should cancel its statement and reject. `rootValue` is the operation's root value: for
   * a subscription, the event being executed (a source that fetched the event's data itself hands
   * it back from there).
   */
  execute(
    variableValues: Readonly<Record<string, unknown>>,
    contextValue: unknown,
    abortable?: Abortable,
    rootValue?: unknown,
  ): Promise<ReadonlyArray<SourceFieldResult>>;
  /** Human-readable form of the statement (SQL text and parameter map) for `explain` and logs. */
  describe(): { readonly text: string; readonly parameters: ReadonlyArray<string> };
  /**
   * What the statement reads and writes, as opaque tags (a PostgreSQL source: `schema.table`),
   * for a result cache to invalidate by. Optional: a source without it is never the reason an
   * entry is invalidated. May grow as the source builds statements for new shapes of variables;
   * read after `execute` it covers the statement that ran.
   */
  readonly tags?: SourceTags;
}

/**
 * Tags of a compiled statement. `reads` holding `ANY_WRITE` ("*") means the statement reads
 * something every write may change (a view, say): any invalidation reaches it.
 */
export interface SourceTags {
  readonly reads: ReadonlySet<string>;
  readonly writes: ReadonlySet<string>;
}

/** The read tag of a statement that any write may change. */
export const ANY_WRITE = '*';

/** The shape of `fieldDef.extensions.sluice` for a database-backed root field. */
export interface SluiceFieldExtension {
  readonly source: DataSource;
}

export function getFieldSource(field: GraphQLField<unknown, unknown>): DataSource | undefined {
  const ext = field.extensions as { sluice?: SluiceFieldExtension } | undefined;
  return ext?.sluice?.source;
}
