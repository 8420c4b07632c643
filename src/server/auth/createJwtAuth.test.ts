import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, exportSPKI, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import { afterAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../engine/index.js';
import { HttpError } from '../responses.js';
import type { HttpRequest } from '../types.js';
import { createJwtAuth, type JwtAuth, type JwtAuthOptions } from './createJwtAuth.js';
import { jwtClaimSettings } from './jwtClaimSettings.js';
import { MAX_CANDIDATE_KEYS } from './verifyWithCandidates.js';

const SECRET = 'a-secret-of-at-least-thirty-two-bytes!';
const secretKey = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);

const request = (authorization?: string | string[]): HttpRequest => ({
  method: 'POST',
  url: '/graphql',
  headers: authorization === undefined ? {} : { authorization },
  body: null,
});

function hs(claims: Record<string, unknown>, alg = 'HS256', key: Uint8Array = secretKey) {
  return new SignJWT(claims).setProtectedHeader({ alg }).sign(key);
}

/** What authenticate did: the identity, or the refusal's status, code and challenge. */
async function outcome(auth: JwtAuth, authorization?: string | string[]) {
  try {
    return { identity: await auth.authenticate(request(authorization)) };
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return {
      status: error.status,
      code: error.code,
      challenge: error.headers['www-authenticate'],
    };
  }
}

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('createJwtAuth with a shared secret', () => {
  const auth = createJwtAuth({ secret: SECRET, audience: 'api', issuer: 'https://issuer' });
  const good = { sub: 'alice', role: 'reader', aud: 'api', iss: 'https://issuer' };

  it('verifies HS256, HS384 and HS512 tokens and reads the role claim', async () => {
    for (const alg of ['HS256', 'HS384', 'HS512']) {
      const exp = now() + 60;
      const token = await hs({ ...good, exp }, alg);
      const result = await outcome(await auth, `Bearer ${token}`);
      // It stops verifying at exp plus the clock tolerance (30 s by default).
      expect(result.identity).toEqual({
        claims: { ...good, exp },
        role: 'reader',
        expiresAt: (exp + 30) * 1000,
      });
    }
    const forever = await outcome(await auth, `Bearer ${await hs(good)}`);
    expect(forever.identity?.expiresAt).toBeUndefined();
  });

  it('answers 401 with a stable code and a Bearer challenge for every bad token', async () => {
    const invalid = {
      status: 401,
      code: ErrorCode.INVALID_TOKEN,
      challenge: expect.stringMatching(/^Bearer error="invalid_token", error_description="/),
    };
    const other = new TextEncoder().encode('another-secret-of-thirty-two-bytes!!');
    const { privateKey } = await generateKeyPair('RS256');
    const cases: Array<[string, string, object]> = [
      [
        'expired',
        await hs({ ...good, exp: now() - 3600 }),
        { ...invalid, code: ErrorCode.TOKEN_EXPIRED },
      ],
      ['nbf in the future', await hs({ ...good, nbf: now() + 3600 }), invalid],
      ['wrong key', await hs(good, 'HS256', other), invalid],
      [
        'wrong algorithm (RS256 for an HS secret)',
        await new SignJWT(good).setProtectedHeader({ alg: 'RS256' }).sign(privateKey),
        invalid,
      ],
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(good)}.`, invalid],
      ['wrong audience', await hs({ ...good, aud: 'other' }), invalid],
      ['no audience', await hs({ sub: 'x', iss: good.iss }), invalid],
      ['wrong issuer', await hs({ ...good, iss: 'https://evil' }), invalid],
      ['garbage', 'not.a.token', invalid],
      ['issued in the future, beyond the skew', await hs({ ...good, iat: now() + 3600 }), invalid],
      ['a role that is not a name', await hs({ ...good, role: ['admin'] }), invalid],
      [
        'a role longer than PostgreSQL keeps (it would cut it to another role)',
        await hs({ ...good, role: 'r'.repeat(64) }),
        invalid,
      ],
      [
        'the role "none" (PostgreSQL: the connecting user)',
        await hs({ ...good, role: 'none' }),
        invalid,
      ],
      // PostgreSQL's text cannot hold either, so setting the role would fail every statement.
      ['a role with a NUL', await hs({ ...good, role: 'reader\0admin' }), invalid],
      ['a role with a lone surrogate', await hs({ ...good, role: 'reader\ud800' }), invalid],
    ];
    for (const [name, token, expected] of cases) {
      expect({ name, ...(await outcome(await auth, `Bearer ${token}`)) }).toEqual({
        name,
        ...expected,
      });
    }
    for (const header of ['Basic dXNlcjpwYXNz', 'Bearer', 'Bearer a b', ['Bearer a', 'Bearer b']]) {
      expect(await outcome(await auth, header)).toEqual(invalid);
    }
  });

  it('refuses a request without a token unless anonymous requests are allowed', async () => {
    expect(await outcome(await auth)).toEqual({
      status: 401,
      code: ErrorCode.AUTHENTICATION_REQUIRED,
      challenge: 'Bearer',
    });
    const open = await createJwtAuth({ secret: SECRET, anonymous: true });
    expect(open.authenticate(request())).toBeNull();
    // A bad token is never taken for none.
    expect((await outcome(open, 'Bearer junk')).code).toBe(ErrorCode.INVALID_TOKEN);
  });

  it('refuses bad options', async () => {
    const bad: JwtAuthOptions[] = [
      {},
      { secret: 'short' },
      { secret: SECRET, publicKey: 'x' },
      { publicKey: 'not a pem' },
    ];
    for (const options of bad) await expect(createJwtAuth(options)).rejects.toThrow();
  });

  it('refuses a clock tolerance that is not a number of seconds, rather than every token', async () => {
    // jose checks the tolerance only when it verifies: every token, however good, was then
    // answered 401 INVALID_TOKEN, "The token is malformed.", as if the client were at fault. A
    // span jose reads ('30s') verified, but made expiresAt NaN: the socket never expired.
    const spans = ['30', '30s'] as unknown as number[];
    for (const clockToleranceSeconds of [Number.NaN, -1, Infinity, ...spans]) {
      await expect(
        createJwtAuth({ secret: SECRET, clockToleranceSeconds }),
        String(clockToleranceSeconds),
      ).rejects.toThrow('clock tolerance');
    }
    const zero = await createJwtAuth({ secret: SECRET, clockToleranceSeconds: 0 });
    expect((await outcome(zero, `Bearer ${await hs({ role: 'r' })}`)).identity?.role).toBe('r');
  });
});

describe('createJwtAuth with public keys', () => {
  it('verifies RS256, PS256, ES256 and EdDSA tokens with a PEM key, and no HS token', async () => {
    for (const alg of ['RS256', 'PS256', 'ES256', 'EdDSA']) {
      const { publicKey, privateKey } = await generateKeyPair(alg, { extractable: true });
      const auth = await createJwtAuth({ publicKey: await exportSPKI(publicKey) });
      const token = await new SignJWT({ sub: alg }).setProtectedHeader({ alg }).sign(privateKey);
      expect((await outcome(auth, `Bearer ${token}`)).identity?.claims).toEqual({ sub: alg });
      // The PEM's bytes as an HMAC secret (the classic key confusion) must not verify.
      const pem = new TextEncoder().encode(await exportSPKI(publicKey));
      expect((await outcome(auth, `Bearer ${await hs({ sub: 'x' }, 'HS256', pem)}`)).code).toBe(
        ErrorCode.INVALID_TOKEN,
      );
    }
  });

  describe('a JWKS URL', () => {
    let keys: JWK[] = [];
    let fetches = 0;
    let server: Server | undefined;
    afterAll(
      () => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())),
    );

    const keyPair = async (kid: string) => {
      const pair = await generateKeyPair('ES256', { extractable: true });
      return {
        kid,
        privateKey: pair.privateKey,
        jwk: { ...(await exportJWK(pair.publicKey)), kid },
      };
    };
    const sign = (kid: string, privateKey: CryptoKey) =>
      new SignJWT({ sub: kid }).setProtectedHeader({ alg: 'ES256', kid }).sign(privateKey);
    /** A token that names no key: during a rotation it matches every key of its type. */
    const signWithoutKid = (privateKey: CryptoKey) =>
      new SignJWT({ sub: 'x' }).setProtectedHeader({ alg: 'ES256' }).sign(privateKey);

    it('fetches the set once, again for an unknown kid, and answers 503 when it cannot', async () => {
      server = createServer((_req, res) => {
        fetches++;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ keys }));
      });
      await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
      const port = (server.address() as AddressInfo).port;
      const url = new URL(`http://127.0.0.1:${port}/jwks.json`);
      const auth = await createJwtAuth({ jwks: url, jwksCooldownMs: 0 });
      const first = await keyPair('k1');
      keys = [first.jwk];
      const token1 = await sign('k1', first.privateKey);
      expect((await outcome(auth, `Bearer ${token1}`)).identity?.claims).toEqual({ sub: 'k1' });
      expect((await outcome(auth, `Bearer ${token1}`)).identity?.claims).toEqual({ sub: 'k1' });
      expect(fetches).toBe(1);
      // Rotation: a token with a new kid makes the set be fetched again.
      const second = await keyPair('k2');
      keys = [first.jwk, second.jwk];
      const token2 = await sign('k2', second.privateKey);
      expect((await outcome(auth, `Bearer ${token2}`)).identity?.claims).toEqual({ sub: 'k2' });
      expect(fetches).toBe(2);
      // A kid the set does not hold, even after fetching it again: the token's fault.
      const stranger = await keyPair('k3');
      expect((await outcome(auth, `Bearer ${await sign('k3', stranger.privateKey)}`)).code).toBe(
        ErrorCode.INVALID_TOKEN,
      );
      // A set that cannot be fetched: the server's.
      const down = await createJwtAuth({ jwks: new URL('http://127.0.0.1:1/jwks.json') });
      expect(await outcome(down, `Bearer ${token1}`)).toEqual({
        status: 503,
        code: ErrorCode.AUTHENTICATION_UNAVAILABLE,
        challenge: undefined,
      });
    });

    it('does not fetch the set for every token with an unknown kid while the URL fails', async () => {
      let served = 0;
      let up = true;
      const failing = createServer((_req, res) => {
        served++;
        if (!up) {
          res.statusCode = 500;
          res.end('down');
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ keys }));
      });
      await new Promise<void>((resolve) => failing.listen(0, '127.0.0.1', resolve));
      try {
        const port = (failing.address() as AddressInfo).port;
        const url = new URL(`http://127.0.0.1:${port}/jwks.json`);
        const auth = await createJwtAuth({ jwks: url, jwksCooldownMs: 2000 });
        const known = await keyPair('known');
        keys = [known.jwk];
        expect(
          (await outcome(auth, `Bearer ${await sign('known', known.privateKey)}`)).identity,
        ).toBeDefined();
        expect(served).toBe(1);
        // The cooldown since that fetch passes, then the set's URL starts failing.
        await new Promise((resolve) => setTimeout(resolve, 2100));
        up = false;
        // A flood of tokens with random kids (anyone can make them: no key needed to be refused).
        const stranger = await keyPair('stranger');
        for (let i = 0; i < 10; i++) {
          const token = await sign(`random-${i}`, stranger.privateKey);
          expect((await outcome(auth, `Bearer ${token}`)).status).toBeGreaterThanOrEqual(401);
        }
        // At most one fetch per cooldown, failed or not: not one per request.
        expect(served).toBeLessThanOrEqual(2);
      } finally {
        await new Promise<void>((resolve) => failing.close(() => resolve()));
      }
    });

    it('tries each key of the type for a token without a kid, during a rotation', async () => {
      // Old and new key both published: a token that names no kid matches both. jose's key set
      // then throws with the candidates rather than picking one; it used to be refused.
      const old = await keyPair('old');
      const next = await keyPair('new');
      const local = await createJwtAuth({ jwks: { keys: [old.jwk, next.jwk] } });
      expect(
        (await outcome(local, `Bearer ${await signWithoutKid(next.privateKey)}`)).identity?.claims,
      ).toEqual({ sub: 'x' });
      expect(
        (await outcome(local, `Bearer ${await signWithoutKid(old.privateKey)}`)).identity?.claims,
      ).toEqual({ sub: 'x' });
      // Signed by neither: refused as any token whose signature does not verify.
      const stranger = await keyPair('stranger');
      expect(await outcome(local, `Bearer ${await signWithoutKid(stranger.privateKey)}`)).toEqual({
        status: 401,
        code: ErrorCode.INVALID_TOKEN,
        challenge: expect.stringMatching(/^Bearer error="invalid_token"/),
      });
      // A kid still picks that key alone: the new key's token naming the old kid does not verify.
      const misnamed = await sign('old', next.privateKey);
      expect((await outcome(local, `Bearer ${misnamed}`)).code).toBe(ErrorCode.INVALID_TOKEN);

      let served = 0;
      const rotating = createServer((_req, res) => {
        served++;
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ keys: [old.jwk, next.jwk] }));
      });
      await new Promise<void>((resolve) => rotating.listen(0, '127.0.0.1', resolve));
      try {
        const port = (rotating.address() as AddressInfo).port;
        const url = new URL(`http://127.0.0.1:${port}/jwks.json`);
        const remote = await createJwtAuth({ jwks: url, jwksCooldownMs: 0 });
        expect(
          (await outcome(remote, `Bearer ${await signWithoutKid(next.privateKey)}`)).identity
            ?.claims,
        ).toEqual({ sub: 'x' });
        expect(
          (await outcome(remote, `Bearer ${await signWithoutKid(stranger.privateKey)}`)).code,
        ).toBe(ErrorCode.INVALID_TOKEN);
        // Several keys of the type is not a missing key: the set is not fetched again for it.
        expect(served).toBe(1);
      } finally {
        await new Promise<void>((resolve) => rotating.close(() => resolve()));
      }
    });

    it('tries a bounded number of keys for a token without a kid', async () => {
      // Anyone can send a token without a kid, and each key tried is a signature check.
      const pairs = await Promise.all(
        Array.from({ length: MAX_CANDIDATE_KEYS + 1 }, (_, i) => keyPair(`k${i}`)),
      );
      const auth = await createJwtAuth({ jwks: { keys: pairs.map((p) => p.jwk) } });
      const within = pairs[MAX_CANDIDATE_KEYS - 1]!;
      const beyond = pairs[MAX_CANDIDATE_KEYS]!;
      expect(
        (await outcome(auth, `Bearer ${await signWithoutKid(within.privateKey)}`)).identity,
      ).toBeDefined();
      expect((await outcome(auth, `Bearer ${await signWithoutKid(beyond.privateKey)}`)).code).toBe(
        ErrorCode.INVALID_TOKEN,
      );
    });

    it('takes a key set given as data', async () => {
      const pair = await keyPair('local');
      const auth = await createJwtAuth({ jwks: { keys: [pair.jwk] } });
      const token = await sign('local', pair.privateKey);
      expect((await outcome(auth, `Bearer ${token}`)).identity?.role).toBeUndefined();
    });
  });
});

describe('jwtClaimSettings', () => {
  it('puts every claim in request.jwt.claims and string claims with plain names in their own', () => {
    const claims = {
      sub: 'alice',
      Email: 'a@example.com',
      role: 'reader',
      n: 3,
      "x'; DROP TABLE notes; --": 'v',
      nul: 'a\0b',
      nested: { a: 1 },
    };
    expect(jwtClaimSettings({ claims, role: 'reader', expiresAt: undefined }, 'anon')).toEqual({
      role: 'reader',
      settings: {
        'request.jwt.claims': JSON.stringify(claims),
        'request.jwt.claim.sub': 'alice',
        'request.jwt.claim.email': 'a@example.com',
        'request.jwt.claim.role': 'reader',
      },
    });
  });

  it('gives request.jwt.claim.<name> the claim of that very name, not another that folds to it', () => {
    // PostgreSQL folds setting names: `SUB` and `sub` are one setting. Whichever came last in the
    // token used to win, so a policy on request.jwt.claim.sub (Supabase's auth.uid()) saw `bob`
    // while request.jwt.claims said `alice`.
    for (const claims of [
      { sub: 'alice', SUB: 'bob' },
      { SUB: 'bob', sub: 'alice' },
    ]) {
      const { settings } = jwtClaimSettings({ claims, role: undefined, expiresAt: undefined }, 'a');
      expect(settings['request.jwt.claim.sub']).toBe('alice');
    }
    // Two names that fold alike, neither in lower case: ambiguous, so neither is a setting.
    const claims = { Sub: 'alice', SUB: 'bob' };
    const { settings } = jwtClaimSettings({ claims, role: undefined, expiresAt: undefined }, 'a');
    expect(settings['request.jwt.claim.sub']).toBeUndefined();
  });

  it('leaves out of request.jwt.claim.<name> a value with a lone surrogate, as one with a NUL', () => {
    // PostgreSQL's text holds neither: the one statement that applies the settings would fail.
    const claims = { sub: 'alice', name: 'x\ud800', pair: '\ud83d\ude00' };
    const { settings } = jwtClaimSettings({ claims, role: undefined, expiresAt: undefined }, 'a');
    expect(settings).toEqual({
      'request.jwt.claims': JSON.stringify(claims),
      'request.jwt.claim.sub': 'alice',
      'request.jwt.claim.pair': '\u{1F600}',
    });
  });

  it('runs a token without a role, and a request without a token, as the anonymous role', () => {
    expect(
      jwtClaimSettings({ claims: { sub: 'b' }, role: undefined, expiresAt: undefined }, 'anon')
        .role,
    ).toBe('anon');
    expect(jwtClaimSettings(null, 'anon')).toEqual({
      role: 'anon',
      settings: { 'request.jwt.claims': '{}' },
    });
  });
});
