import { SignJWT } from 'jose';

/** The HS256 secret the JWT tests serve with (`SLUICE_JWT_SECRET`). */
export const JWT_SECRET = 'the-test-secret-of-thirty-two-bytes!';
/** The audience the JWT tests serve with (`--jwt-audience`), in every token they sign. */
export const JWT_AUDIENCE = 'notes-api';

const key = new TextEncoder().encode(JWT_SECRET);
const now = () => Math.floor(Date.now() / 1000);
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** An HS256 token for `claims`, for the audience, valid for ten minutes, signed with `signWith`. */
export function signToken(
  claims: Record<string, unknown>,
  signWith: Uint8Array = key,
): Promise<string> {
  return new SignJWT({ aud: JWT_AUDIENCE, exp: now() + 600, ...claims })
    .setProtectedHeader({ alg: 'HS256' })
    .sign(signWith);
}

/**
 * Tokens a server with `JWT_SECRET` and `JWT_AUDIENCE` must refuse, each as [what is wrong with
 * it, the token, the error code the refusal carries]. Each names Alice, so that an accepted one
 * would show.
 */
export async function badTokens(role: string): Promise<Array<[string, string, string]>> {
  const other = new TextEncoder().encode('some-other-secret-of-thirty-two-bytes');
  return [
    ['expired', await signToken({ sub: 'alice', role, exp: now() - 3600 }), 'TOKEN_EXPIRED'],
    ['nbf ahead', await signToken({ sub: 'alice', role, nbf: now() + 3600 }), 'INVALID_TOKEN'],
    ['wrong audience', await signToken({ sub: 'alice', role, aud: 'other' }), 'INVALID_TOKEN'],
    ['wrong key', await signToken({ sub: 'alice', role }, other), 'INVALID_TOKEN'],
    [
      'alg none',
      `${b64({ alg: 'none' })}.${b64({ sub: 'alice', role, aud: JWT_AUDIENCE })}.`,
      'INVALID_TOKEN',
    ],
    ['garbage', 'garbage', 'INVALID_TOKEN'],
  ];
}
