import { createPublicKey, type KeyObject } from 'node:crypto';
import type * as jose from 'jose';
import { ErrorCode } from '../../engine/index.js';
import { HttpError } from '../responses.js';
import type { HttpRequest } from '../types.js';
import { authError } from './authError.js';
import { bearerToken } from './bearerToken.js';
import { pgText } from './pgText.js';
import { verifyWithCandidates } from './verifyWithCandidates.js';

/** A JSON Web Key Set (RFC 7517 §5), as JSON.parse gives it. */
export interface JsonWebKeySet {
  readonly keys: ReadonlyArray<Readonly<Record<string, unknown>>>;
}

export interface JwtAuthOptions {
  /** HS256/384/512: the shared secret, at least 32 bytes (its UTF-8 bytes when a string). */
  readonly secret?: string | Uint8Array | undefined;
  /** RS*, PS*, ES*, EdDSA: a PEM public key (SPKI) or X.509 certificate. */
  readonly publicKey?: string | undefined;
  /**
   * RS*, PS*, ES*, EdDSA: a key set. A URL is fetched on the first token, kept, and fetched
   * again when a token names a `kid` it does not hold (at most every `jwksCooldownMs`); a set is
   * used as is. A token without a `kid` is tried with the set's first few keys of its type
   * (verifyWithCandidates.ts).
   */
  readonly jwks?: URL | JsonWebKeySet | undefined;
  /** Accepted `aud` values: a token must name one. Default: `aud` is not checked. */
  readonly audience?: string | ReadonlyArray<string> | undefined;
  /** Accepted `iss` values. Default: `iss` is not checked. */
  readonly issuer?: string | ReadonlyArray<string> | undefined;
  /**
   * Seconds of clock difference allowed for `exp`, `nbf` and `iat`: finite, 0 or more. Default
   * 30.
   */
  readonly clockToleranceSeconds?: number | undefined;
  /** The claim that names the token's role. Default `role`. */
  readonly roleClaim?: string | undefined;
  /** A request without a token is let through (authenticate answers null). Default false: 401. */
  readonly anonymous?: boolean | undefined;
  /** Longest wait for the key set's URL, in ms. Default 5,000. */
  readonly jwksTimeoutMs?: number | undefined;
  /** Least time between two fetches of the key set's URL, in ms. Default 30,000. */
  readonly jwksCooldownMs?: number | undefined;
}

/** Who a verified token says the request is for. */
export interface JwtIdentity {
  /** Every claim of the token, as it was signed. */
  readonly claims: Readonly<Record<string, unknown>>;
  /** The role claim's value; undefined when the token has none. */
  readonly role: string | undefined;
  /**
   * When the token stops verifying, in ms since the epoch: its `exp` plus the clock tolerance;
   * undefined when it has no `exp`. Give it to `scope.expireAt` so that a subscription ends then.
   */
  readonly expiresAt: number | undefined;
}

export interface JwtAuth {
  /**
   * Verifies the request's bearer token. Null when there is none and anonymous requests are
   * allowed (synchronously: such a request costs no promise). Otherwise throws, or rejects with,
   * an HttpError the server answers as it is: 401 with `WWW-Authenticate` (AUTHENTICATION_REQUIRED,
   * INVALID_TOKEN, TOKEN_EXPIRED) or 503 (AUTHENTICATION_UNAVAILABLE). Never null for a request
   * that sent a token, whatever is wrong with it.
   */
  authenticate(request: HttpRequest): JwtIdentity | null | Promise<JwtIdentity>;
}

type Jose = typeof jose;
type VerificationKey = Parameters<Jose['jwtVerify']>[1];

const HMAC = ['HS256', 'HS384', 'HS512'];
const RSA = ['RS256', 'RS384', 'RS512', 'PS256', 'PS384', 'PS512'];
const EC: Readonly<Record<string, string>> = {
  prime256v1: 'ES256',
  secp384r1: 'ES384',
  secp521r1: 'ES512',
};
const OKP = ['EdDSA', 'Ed25519'];
/** A key set is for public keys only: an `oct` key in it must never verify an HS token. */
const ASYMMETRIC = [...RSA, ...Object.values(EC), ...OKP];
const MIN_SECRET_BYTES = 32;
/** The longest role name PostgreSQL keeps, in bytes (NAMEDATALEN - 1). */
const MAX_ROLE_BYTES = 63;
/** The Retry-After of a 503 for keys that could not be fetched (authError.ts), in ms. */
const RETRY_AFTER_MS = 5000;

/**
 * Bearer JWT verification with `jose` (an optional peer dependency, loaded here: an application
 * that never calls this needs no `jose`). Exactly one of `secret`, `publicKey` and `jwks`; each
 * accepts only the algorithms of its kind of key, so an HS token is never checked with a public
 * key taken as a secret, and `alg: none` is never accepted (docs/auth.md). Bad options throw.
 */
export async function createJwtAuth(options: JwtAuthOptions): Promise<JwtAuth> {
  const lib: Jose = await import('jose');
  const { key, algorithms } = verificationKey(lib, options);
  const roleClaim = options.roleClaim ?? 'role';
  const tolerance = options.clockToleranceSeconds ?? 30;
  // jose would check it only when verifying, and refuse every token as malformed.
  if (typeof tolerance !== 'number' || !Number.isFinite(tolerance) || tolerance < 0) {
    throw new Error('The JWT clock tolerance must be a finite number of seconds, 0 or more.');
  }
  const verify = {
    algorithms,
    clockTolerance: tolerance,
    ...(options.audience === undefined ? {} : { audience: list(options.audience) }),
    ...(options.issuer === undefined ? {} : { issuer: list(options.issuer) }),
  };
  const identity = ({ payload }: { payload: Record<string, unknown> }): JwtIdentity => {
    const role = payload[roleClaim];
    // `none` is no role name: PostgreSQL reads it as "back to the connecting user".
    // Nor is a name over 63 bytes: PostgreSQL would cut it to the name of another role.
    // Nor one PostgreSQL's text cannot hold: setting it would fail, as if the role were refused.
    if (
      role !== undefined &&
      (typeof role !== 'string' ||
        role === '' ||
        role === 'none' ||
        Buffer.byteLength(role) > MAX_ROLE_BYTES ||
        !pgText(role))
    ) {
      throw authError(
        ErrorCode.INVALID_TOKEN,
        `The token's ${roleClaim} claim is not a role name.`,
      );
    }
    // jose checks a present `iat` is a number, but whether it is in the past only with a
    // maximum token age: a token issued later than now (beyond the skew) is refused here.
    const iat = payload['iat'];
    if (typeof iat === 'number' && iat > Date.now() / 1000 + tolerance) {
      throw authError(ErrorCode.INVALID_TOKEN, 'The token is issued in the future (iat).');
    }
    // jose has checked that a present `exp` is a number, and not past.
    const exp = payload['exp'];
    const expiresAt = typeof exp === 'number' ? (exp + tolerance) * 1000 : undefined;
    return { claims: payload, role, expiresAt };
  };
  return {
    authenticate(request) {
      const token = bearerToken(request);
      if (token === null) {
        if (options.anonymous === true) return null;
        throw authError(
          ErrorCode.AUTHENTICATION_REQUIRED,
          'This server needs a bearer token: Authorization: Bearer <token>.',
        );
      }
      return lib
        .jwtVerify(token, key as never, verify)
        .catch((error: unknown) => verifyWithCandidates(lib, token, verify, error))
        .then(identity, (error: unknown) => {
          throw tokenError(error);
        });
    },
  };
}

function list(value: string | ReadonlyArray<string>): string[] {
  return typeof value === 'string' ? [value] : [...value];
}

/** The key (or key lookup) and the algorithms it may verify. */
function verificationKey(
  lib: Jose,
  options: JwtAuthOptions,
): { key: VerificationKey | KeyObject; algorithms: string[] } {
  const given = [options.secret, options.publicKey, options.jwks].filter((k) => k !== undefined);
  if (given.length !== 1) {
    throw new Error('JWT verification needs exactly one of: a secret, a public key, a key set.');
  }
  if (options.secret !== undefined) {
    const secret =
      typeof options.secret === 'string'
        ? new TextEncoder().encode(options.secret)
        : options.secret;
    if (secret.length < MIN_SECRET_BYTES) {
      throw new Error(`The JWT secret must be at least ${MIN_SECRET_BYTES} bytes long.`);
    }
    return { key: secret, algorithms: HMAC };
  }
  if (options.publicKey !== undefined) {
    const key = createPublicKey(options.publicKey);
    return { key, algorithms: publicKeyAlgorithms(key) };
  }
  const jwks = options.jwks as URL | JsonWebKeySet;
  if (!(jwks instanceof URL)) {
    return { key: lib.createLocalJWKSet(jwks as never), algorithms: ASYMMETRIC };
  }
  const cooldown = options.jwksCooldownMs ?? 30_000;
  // jose's cooldown counts from the last fetch that succeeded: while the URL fails, every token
  // with an unknown kid (anyone can make one) would fetch again. A failed fetch holds the next
  // one back too, for the cooldown or the Retry-After the client is told, whichever is shorter.
  const backoff = Math.min(cooldown, RETRY_AFTER_MS);
  let failedAt = -Infinity;
  const fetchKeys = (url: string, init: RequestInit): Promise<Response> =>
    Date.now() - failedAt < backoff ? Promise.reject(new KeysUnavailable()) : fetch(url, init);
  const remote = lib.createRemoteJWKSet(jwks, {
    timeoutDuration: options.jwksTimeoutMs ?? 5000,
    cooldownDuration: cooldown,
    [lib.customFetch]: fetchKeys,
  });
  // What the fetch itself raises (refused, timed out, not a key set) is the server's trouble.
  const lookup = (header: Parameters<typeof remote>[0], token: Parameters<typeof remote>[1]) =>
    remote(header, token).catch((error: unknown) => {
      const code = (error as { code?: unknown } | null)?.code;
      if (code === 'ERR_JWKS_NO_MATCHING_KEY' || code === 'ERR_JWKS_MULTIPLE_MATCHING_KEYS')
        throw error;
      if (code === 'ERR_JOSE_ALG_NOT_ALLOWED' || code === 'ERR_JOSE_NOT_SUPPORTED') throw error;
      if (!(error instanceof KeysUnavailable)) failedAt = Date.now();
      throw new KeysUnavailable();
    });
  return { key: lookup as unknown as VerificationKey, algorithms: ASYMMETRIC };
}

function publicKeyAlgorithms(key: KeyObject): string[] {
  switch (key.asymmetricKeyType) {
    case 'rsa':
      return RSA;
    case 'rsa-pss':
      return RSA.filter((alg) => alg.startsWith('PS'));
    case 'ec': {
      const alg = EC[key.asymmetricKeyDetails?.namedCurve ?? ''];
      if (alg !== undefined) return [alg];
      break;
    }
    case 'ed25519':
      return OKP;
  }
  throw new Error(`A ${key.asymmetricKeyType ?? 'unknown'} public key cannot verify JWTs here.`);
}

class KeysUnavailable extends Error {}

/** jose's error as the client is told it: a stable code, Sluice's own words. */
function tokenError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (error instanceof KeysUnavailable) {
    return authError(
      ErrorCode.AUTHENTICATION_UNAVAILABLE,
      'The keys to verify the token with could not be fetched.',
    );
  }
  const { code, claim } = (error ?? {}) as { code?: unknown; claim?: unknown };
  switch (code) {
    case 'ERR_JWT_EXPIRED':
      return authError(ErrorCode.TOKEN_EXPIRED, 'The token has expired.');
    case 'ERR_JWT_CLAIM_VALIDATION_FAILED':
      return authError(ErrorCode.INVALID_TOKEN, CLAIM_MESSAGES[String(claim)] ?? CLAIM_MESSAGE);
    case 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED':
      return authError(ErrorCode.INVALID_TOKEN, 'The token signature does not verify.');
    case 'ERR_JOSE_ALG_NOT_ALLOWED':
      return authError(ErrorCode.INVALID_TOKEN, 'The token algorithm is not accepted here.');
    case 'ERR_JWKS_NO_MATCHING_KEY':
    case 'ERR_JWKS_MULTIPLE_MATCHING_KEYS':
      return authError(ErrorCode.INVALID_TOKEN, 'No key of this server matches the token.');
    default:
      return authError(ErrorCode.INVALID_TOKEN, 'The token is malformed.');
  }
}

const CLAIM_MESSAGE = 'A claim of the token is invalid.';
const CLAIM_MESSAGES: Readonly<Record<string, string>> = {
  nbf: 'The token is not valid yet (nbf).',
  aud: 'The token is not meant for this server (aud).',
  iss: 'The token is not from an accepted issuer (iss).',
  iat: 'The token iat claim is invalid.',
};
