import type { SqlClient } from '../pg/index.js';
import { CliError, ExitCode } from './ExitCode.js';
import { describeDatabaseError } from './openDatabase.js';

/**
 * The connecting user, and whether it may assume the role `$1` as each request's
 * `set_config('role', …)` will (null: no such role). The oid goes to `pg_has_role`, which throws
 * on an unknown name; the name is compared as text, since cast to `name` a longer one would be cut
 * to 63 bytes and match another role. PostgreSQL 16 asks for the grant's SET option, 15 for
 * membership.
 */
const ROLE_CHECK_TEXT = `SELECT session_user::text, (
  SELECT pg_has_role(session_user, r.oid,
    CASE WHEN current_setting('server_version_num')::int >= 160000 THEN 'SET' ELSE 'MEMBER' END)
  FROM pg_roles r WHERE r.rolname::text = $1::text)`;

/**
 * Refuses to start with an anonymous role the database does not have, or that the connecting
 * user may not assume: every request without a token would fail. On PGlite the one user is a
 * superuser, who may assume any role; its existence is still checked.
 */
export async function checkAnonymousRole(
  client: SqlClient,
  role: string,
  label: string,
): Promise<void> {
  let row: ReadonlyArray<unknown> | undefined;
  try {
    [row] = await client.query(ROLE_CHECK_TEXT, [role]);
  } catch (error) {
    throw new CliError(
      ExitCode.DATABASE,
      `Cannot check the anonymous role in ${label}: ${describeDatabaseError(error)}`,
    );
  }
  const [user, allowed] = row ?? [];
  if (allowed === null || allowed === undefined) {
    throw new CliError(
      ExitCode.CONFIG,
      `The anonymous role ${JSON.stringify(role)} does not exist in ${label} (--anonymous-role).`,
    );
  }
  if (allowed !== true) {
    throw new CliError(
      ExitCode.CONFIG,
      `The database user ${JSON.stringify(user)} may not assume the anonymous role ` +
        `${JSON.stringify(role)} (--anonymous-role): grant it that role, or choose another.`,
    );
  }
}
