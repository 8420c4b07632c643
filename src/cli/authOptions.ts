/**
 * The options of `serve` that say who a request is for (docs/auth.md), in the shape of the one
 * options table (options.ts spreads them into it; this file imports nothing of it).
 */
export interface AuthConfig {
  jwtSecret: string | undefined;
  jwtPublicKey: string | undefined;
  jwtJwks: string | undefined;
  jwtAudience: string[] | undefined;
  jwtIssuer: string[] | undefined;
  jwtClockSkew: number;
  jwtRoleClaim: string;
  anonymousRole: string | undefined;
}

export const AUTH_DEFAULTS: AuthConfig = {
  jwtSecret: undefined,
  jwtPublicKey: undefined,
  jwtJwks: undefined,
  jwtAudience: undefined,
  jwtIssuer: undefined,
  jwtClockSkew: 30,
  jwtRoleClaim: 'role',
  anonymousRole: undefined,
};

const serve = ['serve'] as const;

export const AUTH_OPTIONS = [
  {
    name: 'jwtSecret',
    kind: { type: 'string' },
    commands: serve,
    placeholder: 'secret',
    help: 'verify bearer JWTs signed HS256/384/512 with this secret (32+ bytes; prefer the env)',
    defaultHelp: 'none: no JWT verification',
  },
  {
    name: 'jwtPublicKey',
    kind: { type: 'string' },
    commands: serve,
    placeholder: 'pem file',
    help: 'verify bearer JWTs (RS/PS/ES/EdDSA) with the public key or certificate in this file',
    defaultHelp: 'none',
  },
  {
    name: 'jwtJwks',
    kind: { type: 'string' },
    commands: serve,
    placeholder: 'url or file',
    help: 'verify bearer JWTs with a JWKS: an https URL (fetched again on an unknown kid) or a file',
    defaultHelp: 'none',
  },
  {
    name: 'jwtAudience',
    kind: { type: 'list' },
    commands: serve,
    placeholder: 'aud,…',
    help: 'accepted `aud` values: a token must name one',
    defaultHelp: 'aud not checked',
  },
  {
    name: 'jwtIssuer',
    kind: { type: 'list' },
    commands: serve,
    placeholder: 'iss,…',
    help: 'accepted `iss` values',
    defaultHelp: 'iss not checked',
  },
  {
    name: 'jwtClockSkew',
    kind: { type: 'integer', min: 0, max: 3600 },
    commands: serve,
    placeholder: 's',
    help: 'seconds of clock difference allowed for exp, nbf and iat',
  },
  {
    name: 'jwtRoleClaim',
    kind: { type: 'string' },
    commands: serve,
    placeholder: 'claim',
    help: "the claim naming the PostgreSQL role a token's requests run as",
  },
  {
    name: 'anonymousRole',
    kind: { type: 'string' },
    commands: serve,
    placeholder: 'role',
    help: 'the PostgreSQL role of requests without a token (and of tokens without a role claim)',
    defaultHelp: 'none: a request without a token gets 401',
  },
] as const satisfies ReadonlyArray<{
  readonly name: keyof AuthConfig;
  readonly kind:
    | { readonly type: 'string' }
    | { readonly type: 'list' }
    | { readonly type: 'integer'; readonly min: number; readonly max: number };
  readonly commands: readonly 'serve'[];
  readonly placeholder: string;
  readonly help: string;
  readonly defaultHelp?: string;
}>;

/**
 * Options whose environment variable, set but empty, is a value (and refused as one) rather than
 * none: an empty SLUICE_JWT_SECRET must not start a server that verifies nothing, nor an empty
 * SLUICE_JWT_AUDIENCE one that checks no audience.
 */
export const EMPTY_IS_A_VALUE: ReadonlySet<string> = new Set<keyof AuthConfig>([
  'jwtSecret',
  'jwtPublicKey',
  'jwtJwks',
  'jwtAudience',
  'jwtIssuer',
]);

/** Does the config ask for JWT verification (or name an anonymous role)? */
export function wantsAuth(config: AuthConfig): boolean {
  return (
    config.jwtSecret !== undefined ||
    config.jwtPublicKey !== undefined ||
    config.jwtJwks !== undefined ||
    config.anonymousRole !== undefined
  );
}
