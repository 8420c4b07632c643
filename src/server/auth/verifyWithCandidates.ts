import type * as jose from 'jose';

type Jose = typeof jose;
type VerifyOptions = NonNullable<Parameters<Jose['jwtVerify']>[2]>;

/**
 * The most keys a token without a `kid` is tried with. A key set may be large, and anyone can
 * send such a token: each key tried is a signature check. A rotation publishes two keys of a
 * type (the old and the new), so a few is plenty; the keys are tried in the set's order.
 */
export const MAX_CANDIDATE_KEYS = 4;

/**
 * A key set picks a token's key by its `kid`. When the token names none and the set holds more
 * than one key of its type (during a rotation), jose throws JWKSMultipleMatchingKeys, which
 * yields the candidates, and jwtVerify does not try them: this does. The token verifies if one
 * of the first few does; else its signature is refused. A token with a `kid` (two keys sharing
 * one is the set's mistake), and any other error, is refused as before.
 */
export async function verifyWithCandidates(
  lib: Jose,
  token: string,
  options: VerifyOptions,
  error: unknown,
): Promise<jose.JWTVerifyResult> {
  if (
    !(error instanceof lib.errors.JWKSMultipleMatchingKeys) ||
    lib.decodeProtectedHeader(token).kid !== undefined
  ) {
    throw error;
  }
  let tried = 0;
  for await (const candidate of error) {
    try {
      return await lib.jwtVerify(token, candidate, options);
    } catch (failure) {
      // Any other failure (exp, aud...) comes after the signature verified: it is the answer.
      if (!(failure instanceof lib.errors.JWSSignatureVerificationFailed)) throw failure;
    }
    if (++tried === MAX_CANDIDATE_KEYS) break;
  }
  throw new lib.errors.JWSSignatureVerificationFailed();
}
