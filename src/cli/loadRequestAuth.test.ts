import { describe, expect, it } from 'vitest';
import { AUTH_DEFAULTS } from './authOptions.js';
import { CliError, ExitCode } from './ExitCode.js';
import { loadRequestAuth } from './loadRequestAuth.js';

describe('loadRequestAuth --jwt-jwks', () => {
  it('refuses a key set URL fetched in clear text: whoever is on the path could give it keys', async () => {
    for (const url of ['http://idp.example.com/.well-known/jwks.json', 'http://127.0.0.1.nip.io/k']) {
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
