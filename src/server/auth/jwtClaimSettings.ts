import type { JwtIdentity } from './createJwtAuth.js';
import { pgText } from './pgText.js';

/**
 * A role and settings in the shape of `sluice/pg`'s `PgRequestSettings` (this module does not
 * import the database layer: the two meet in an application or the CLI).
 */
export interface ClaimSettings {
  readonly role: string | undefined;
  readonly settings: Readonly<Record<string, string>>;
}

/**
 * A top-level claim name that becomes `request.jwt.claim.<name>`: PostgreSQL takes a custom
 * setting's name only as dot-separated simple identifiers (else 42602), and folds it to lower
 * case. Other claims are still in `request.jwt.claims`.
 */
const CLAIM_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/**
 * A verified token's claims as PostgreSQL settings, in the convention PostgREST and Supabase
 * policies use (docs/auth.md): all claims as JSON in `request.jwt.claims`, each top-level string
 * claim in `request.jwt.claim.<name>`; the role from the role claim, else `anonymousRole`. A
 * request without a token (identity null) runs as `anonymousRole` with `request.jwt.claims` set
 * to `{}`, so that a policy reading a claim finds none rather than an empty setting.
 */
export function jwtClaimSettings(
  identity: JwtIdentity | null,
  anonymousRole: string | undefined,
): ClaimSettings {
  if (identity === null) {
    return { role: anonymousRole, settings: { 'request.jwt.claims': '{}' } };
  }
  const settings: Record<string, string> = {
    'request.jwt.claims': JSON.stringify(identity.claims),
  };
  // PostgreSQL folds setting names, so `SUB` and `sub` would be one setting, the last one
  // winning: the claim named in lower case takes it, and two others that fold alike give none.
  const folded = new Map<string, string | null>();
  for (const name of Object.keys(identity.claims)) {
    const value = identity.claims[name];
    // PostgreSQL's text holds neither a NUL nor a lone surrogate (JSON's "\ud800"): either
    // would fail the statement that applies every setting. The claim stays in the JSON.
    if (typeof value !== 'string' || !CLAIM_NAME.test(name) || !pgText(value)) continue;
    const lower = name.toLowerCase();
    if (name === lower) folded.set(lower, value);
    else if (!Object.hasOwn(identity.claims, lower))
      folded.set(lower, folded.has(lower) ? null : value);
  }
  for (const [name, value] of folded) {
    if (value !== null) settings[`request.jwt.claim.${name}`] = value;
  }
  return { role: identity.role ?? anonymousRole, settings };
}
