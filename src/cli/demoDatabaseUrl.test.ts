import { describe, expect, it } from 'vitest';
import { useDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { postQuery } from './__fixtures__/postQuery.js';
import { stopCli, useStartedClis } from './__fixtures__/spawnCli.js';

/**
 * `sluice demo` (the README's first command) serves the embedded demo database, and with
 * DATABASE_URL the database it names: a PGlite directory here (npm test), a server database
 * under npm run test:pg.
 */
const database = useDatabaseFlag((client) =>
  client.exec(`
    CREATE TABLE users (id serial PRIMARY KEY, username text NOT NULL);
    INSERT INTO users (username) VALUES ('from_database_url');
  `),
);
const start = useStartedClis();

describe('sluice demo with DATABASE_URL', () => {
  it('serves that database, not the embedded demo', async () => {
    const cli = await start(['demo', '--port', '0'], {
      DATABASE_URL: database.value,
      SLUICE_LOG_LEVEL: 'silent',
    });
    const body = await (await postQuery(cli.url, '{ users(limit: 1) { username } }')).json();
    expect(body).toEqual({ data: { users: [{ username: 'from_database_url' }] } });
    expect(await stopCli(cli)).toBe(0);
  }, 180_000);
});
