import { describe, expect, it } from 'vitest';
import { AUTH_DEFAULTS } from './authOptions.js';
import { CliError, ExitCode } from './ExitCode.js';
import { loadRequestAuth } from './loadRequestAuth.js';
import { parseCommand } from './parseCommand.js';

describe('loadRequestAuth --jwt-jwks', () => {
  it('refuses a key set URL fetched in clear text: whoever is on the path could give it keys', async () => {
    for (const url of [
      'http://idp.example.com/.well-known/jwks.json',
      'http://127.0.0.1.nip.io/k',
    ]) {
      const loaded = loadRequestAuth({ ...AUTH_DEFAULTS, jwtJwks: url }, process.cwd());
      await expect(loaded).rejects.toBeInstanceOf(CliError);
      await expect(loaded).rejects.toMatchObject({ code: ExitCode.CONFIG });
    }
  });

  it('takes an https URL, and http on the loopback (a local key server)', async () => {
    for (const url of [
      'https://idp.example.com/.well-known/jwks.json',
      'http://127.0.0.1:8080/jwks.json',
      'http://localhost:8080/jwks.json',
      'http://[::1]:8080/jwks.json',
    ]) {
      const loaded = await loadRequestAuth({ ...AUTH_DEFAULTS, jwtJwks: url }, process.cwd());
      expect(loaded?.auth).toBeDefined();
    }
  });
});

describe('the JWT options from the environment', () => {
  it('refuses an empty SLUICE_JWT_SECRET, key, audience or issuer rather than ignore it', () => {
    // A deployment whose secret did not reach its environment: the variable is there, empty.
    // Ignored, the server started with no verification at all (or no audience check).
    const secret = { SLUICE_JWT_SECRET: 'a-secret-of-at-least-thirty-two-bytes!' };
    for (const env of [
      { SLUICE_JWT_SECRET: '' },
      { SLUICE_JWT_PUBLIC_KEY: '' },
      { SLUICE_JWT_JWKS: '' },
      { ...secret, SLUICE_JWT_AUDIENCE: '' },
      { ...secret, SLUICE_JWT_ISSUER: '' },
    ]) {
      const parse = () =>
        parseCommand('serve', ['--database', 'pglite:memory'], env, process.cwd());
      expect(parse, JSON.stringify(env)).toThrow(CliError);
    }
  });
});
