import type { SetupStatement } from '../driver/SqlClient.js';

/**
 * Who a request runs as in PostgreSQL (docs/auth.md): a role and settings, applied for the
 * request's transaction only. Both travel as bind values, never as SQL text.
 */
export interface PgRequestSettings {
  /**
   * The role to run as, as `SET LOCAL ROLE` would: PostgreSQL checks that it exists and that the
   * connecting user may assume it (else SETTINGS_REJECTED). Absent: the connecting user's role.
   */
  readonly role?: string | null | undefined;
  /**
   * Settings by name (`request.jwt.claims`, `app.tenant`, …), each applied with
   * `set_config(name, value, true)`: visible to policies and functions through
   * `current_setting(name, true)`, and gone when the transaction ends.
   */
  readonly settings?: Readonly<Record<string, string>> | null | undefined;
}

/**
 * The per-request hook of a PostgreSQL source (`PgSourceOptions.pgSettings`): given the request's
 * `contextValue` (what the engine was given, e.g. the server's `contextValue` builder's result),
 * the role and settings to run it with. Sync or async; nothing (undefined, null, or no role and no
 * settings) runs the request exactly as without a hook: one statement, no transaction.
 */
export type PgSettingsHook = (
  contextValue: unknown,
) => PgRequestSettings | null | undefined | Promise<PgRequestSettings | null | undefined>;

/**
 * The one statement that applies a request's settings, and then its role, inside the
 * transaction. Its text never changes (prepared once per connection); the names and values are
 * one JSON parameter, read in order by `json_each_text` (json, not jsonb: order kept), sent as
 * text (typed json, postgres.js would encode the string again). The role
 * goes last, so settings that need the connecting user's rights are applied before it drops
 * them. `count` keeps the answer one small row whatever the values' size, and makes PostgreSQL
 * evaluate every `set_config`.
 */
export const SETTINGS_TEXT =
  'SELECT count(set_config(s.key, s.value, true)) FROM json_each_text($1::text::json) AS s';

/** The longest identifier PostgreSQL keeps, in bytes (NAMEDATALEN - 1). */
const MAX_NAME_BYTES = 63;

/** The setup statement for `settings`, or undefined when there is nothing to apply. */
export function settingsStatement(
  settings: PgRequestSettings | null | undefined,
): SetupStatement | undefined {
  if (settings === null || settings === undefined) return undefined;
  const { role } = settings;
  const given = settings.settings ?? {};
  const entries: Record<string, string> = {};
  let count = 0;
  for (const name of Object.keys(given)) {
    const value = given[name];
    // PostgreSQL folds a setting's name: `ROLE` would set the role past the checks below.
    if (name.toLowerCase() === 'role') {
      throw badSettings('Give the role as `role`, not as a setting.');
    }
    if (typeof value !== 'string') throw badSettings(`The setting "${name}" is not a string.`);
    entries[name] = value;
    count++;
  }
  if (role !== null && role !== undefined) {
    // `none` is no role: as the role, PostgreSQL would run the request as the connecting user.
    if (typeof role !== 'string' || role === '' || role === 'none') {
      throw badSettings('The role is not a name.');
    }
    // PostgreSQL cuts a longer name to 63 bytes (NAMEDATALEN - 1), and would assume the role
    // of that shorter name: no role has a longer one.
    if (Buffer.byteLength(role) > MAX_NAME_BYTES) {
      throw badSettings(`The role name is longer than ${MAX_NAME_BYTES} bytes.`);
    }
    entries['role'] = role;
    count++;
  }
  if (count === 0) return undefined;
  return { text: SETTINGS_TEXT, values: [JSON.stringify(entries)] };
}

/**
 * A hook's own bad answer: a bug of the application, not of the client's request. A plain Error,
 * so the engine treats it as any unexpected error: coded INTERNAL_SERVER_ERROR, reported to
 * `onUnexpectedError` in full, and masked under `maskErrors` (its message names settings).
 */
function badSettings(message: string): Error {
  return new Error(`pgSettings: ${message}`);
}

/**
 * Calls the hook (when there is one) and hands `run` the setup statement to run with: a value
 * when the hook answers synchronously, a promise only when it returns one.
 */
export function withRequestSettings<T>(
  hook: PgSettingsHook | undefined,
  contextValue: unknown,
  run: (setup: SetupStatement | undefined) => Promise<T>,
): Promise<T> {
  if (hook === undefined) return run(undefined);
  let answer: ReturnType<PgSettingsHook>;
  try {
    answer = hook(contextValue);
    // Any thenable, not only this realm's Promise (one from a vm context or another bundle):
    // read as settings, it would have no role and no settings, and run as the connecting user.
    if (!isThenable(answer)) return run(settingsStatement(answer));
  } catch (error) {
    return Promise.reject(error);
  }
  return Promise.resolve(answer).then((settings) => run(settingsStatement(settings)));
}

function isThenable<T>(value: T | PromiseLike<T>): value is PromiseLike<T> {
  return typeof (value as { then?: unknown } | null | undefined)?.then === 'function';
}

/**
 * The setup a subscription's statements run with (the hook called once, when subscribing) and
 * its key: subscribers share a multiplexed statement only when their keys are equal, since its
 * rows depend on who runs it (row-level security). No hook, or nothing to apply: key `''`.
 */
export async function subscriptionSettings(
  hook: PgSettingsHook | undefined,
  contextValue: unknown,
): Promise<{ readonly setup: SetupStatement | undefined; readonly key: string }> {
  const setup = hook === undefined ? undefined : settingsStatement(await hook(contextValue));
  return { setup, key: setup === undefined ? '' : JSON.stringify(setup.values) };
}
