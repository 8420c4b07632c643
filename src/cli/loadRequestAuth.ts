import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import {
  createJwtAuth,
  jwtClaimSettings,
  type ClaimSettings,
  type JsonWebKeySet,
  type JwtAuth,
  type JwtAuthOptions,
  type RequestScope,
  type HttpRequest,
} from '../server/index.js';
import { wantsAuth, type AuthConfig } from './authOptions.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { DatabaseContext } from './logDatabaseErrors.js';
import { readJsonFile } from './readJsonFile.js';

/** The JWT options of `serve`, verified and loaded: what each request's context is made with. */
export interface RequestAuth {
  readonly auth: JwtAuth;
  readonly anonymousRole: string | undefined;
}

/**
 * `--jwt-secret` / `--jwt-public-key` / `--jwt-jwks` and the options beside them, or undefined
 * when none is given (no verification, and nothing per request). A key file that cannot be read
 * or used is a config error (exit code 3); two keys, or an anonymous role with no key, bad usage.
 */
export async function loadRequestAuth(
  config: AuthConfig,
  cwd: string,
): Promise<RequestAuth | undefined> {
  if (!wantsAuth(config)) return undefined;
  const keys = [config.jwtSecret, config.jwtPublicKey, config.jwtJwks].filter(
    (k) => k !== undefined,
  );
  if (keys.length !== 1) {
    throw new CliError(
      ExitCode.USAGE,
      keys.length === 0
        ? '--anonymous-role needs a way to verify tokens: --jwt-secret, --jwt-public-key or --jwt-jwks.'
        : 'Pass one of --jwt-secret, --jwt-public-key and --jwt-jwks, not several.',
    );
  }
  const options: JwtAuthOptions = {
    ...(config.jwtSecret === undefined ? {} : { secret: config.jwtSecret }),
    ...(config.jwtPublicKey === undefined
      ? {}
      : { publicKey: readKeyFile(config.jwtPublicKey, cwd) }),
    ...(config.jwtJwks === undefined ? {} : { jwks: keySet(config.jwtJwks, cwd) }),
    ...(config.jwtAudience === undefined ? {} : { audience: config.jwtAudience }),
    ...(config.jwtIssuer === undefined ? {} : { issuer: config.jwtIssuer }),
    clockToleranceSeconds: config.jwtClockSkew,
    roleClaim: config.jwtRoleClaim,
    anonymous: config.anonymousRole !== undefined,
  };
  try {
    return { auth: await createJwtAuth(options), anonymousRole: config.anonymousRole };
  } catch (error) {
    throw new CliError(ExitCode.CONFIG, `Cannot verify JWTs: ${(error as Error).message}`);
  }
}

function readKeyFile(file: string, cwd: string): string {
  const path = resolve(cwd, file);
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    throw new CliError(
      ExitCode.CONFIG,
      `Cannot read the JWT public key ${path}: ${(error as Error).message}`,
    );
  }
}

/**
 * An https URL is fetched by the server; anything else is a JWKS file. A plain http URL is
 * refused (whoever is on the path could hand the server keys of their own, and sign any token),
 * except on the loopback.
 */
function keySet(given: string, cwd: string): URL | JsonWebKeySet {
  if (/^https:\/\//i.test(given)) return new URL(given);
  if (/^http:\/\//i.test(given)) {
    const url = new URL(given);
    if (LOOPBACK.has(url.hostname) || /^127(\.\d+){3}$/.test(url.hostname)) return url;
    throw new CliError(
      ExitCode.CONFIG,
      `The JWKS URL ${url.origin} is not https: its keys could be replaced on the way.`,
    );
  }
  const { path, parsed } = readJsonFile(given, cwd, 'the JWKS file');
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (!Array.isArray(keys)) {
    throw new CliError(ExitCode.CONFIG, `The JWKS file ${path} has no "keys" array.`);
  }
  return parsed as JsonWebKeySet;
}

const LOOPBACK = new Set(['localhost', '[::1]']);

/**
 * Each request's context on a database source with JWT verification: its id, and the role and
 * settings its statements run with (`pgSettings`, read by the pg source's hook). A request
 * without a token is answered synchronously; a refused one throws the server's 401. A token's
 * expiry goes to `scope.expireAt`: a WebSocket or event stream opened with it ends then.
 */
export function authContext({
  auth,
  anonymousRole,
}: RequestAuth): (
  request: HttpRequest,
  scope: RequestScope,
) => DatabaseContext | Promise<DatabaseContext> {
  const anonymous = jwtClaimSettings(null, anonymousRole);
  return (request, scope) => {
    const identity = auth.authenticate(request);
    const requestId = scope.requestId;
    if (identity === null) return { requestId, pgSettings: anonymous };
    if (identity instanceof Promise) {
      return identity.then((verified) => {
        if (verified.expiresAt !== undefined) scope.expireAt(verified.expiresAt);
        return { requestId, pgSettings: jwtClaimSettings(verified, anonymousRole) };
      });
    }
    if (identity.expiresAt !== undefined) scope.expireAt(identity.expiresAt);
    return { requestId, pgSettings: jwtClaimSettings(identity, anonymousRole) };
  };
}

/** The pg source's hook (ReflectOptions.pgSettings) over that context. */
export const contextSettings = (contextValue: unknown): ClaimSettings | undefined =>
  (contextValue as Partial<DatabaseContext> | undefined)?.pgSettings;
