import { describe, expect, it } from 'vitest';
import { connect } from '../pg/driver/connect.js';
import { useDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { runInProcess as run } from './__fixtures__/runInProcess.js';

/** `sluice db triggers`: on a PGlite directory (npm test) or a server database (test:pg). */
const database = useDatabaseFlag(async (client) => {
  await client.exec(`
    CREATE TABLE "it's" (id int PRIMARY KEY, label text);
    CREATE TABLE pairs (a int, b text, PRIMARY KEY (a, b));
    CREATE TABLE loose (x int);
  `);
});

/** The triggers named sluice_changes, as `table: function(args)`. */
async function installed(value: string): Promise<string[]> {
  const client = await connect(
    value.startsWith('pglite:') ? { dataDir: value.slice('pglite:'.length) } : { url: value },
  );
  try {
    const rows = await client.query(
      `SELECT c.relname, encode(t.tgargs, 'escape') FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid
        WHERE t.tgname = 'sluice_changes' ORDER BY 1`,
    );
    return rows.map(
      ([table, args]) => `${String(table)}: ${String(args).replaceAll('\\000', ',')}`,
    );
  } finally {
    await client.end();
  }
}

describe('sluice db triggers', () => {
  it('prints the SQL and changes nothing; --apply installs it, twice over; --drop removes it', async () => {
    const printed = await run(['db', 'triggers', '--database', database.value]);
    expect(printed.code).toBe(0);
    expect(printed.stdout).toContain(
      'CREATE OR REPLACE FUNCTION "public"."sluice_notify_change"()',
    );
    expect(printed.stdout).toContain(`ON "public"."it's"`);
    expect(printed.stdout).toContain(`"public"."sluice_notify_change"('a', 'b')`);
    expect(printed.stdout).not.toContain('"loose"');
    expect(await installed(database.value)).toEqual([]);

    for (let i = 0; i < 2; i++) {
      const applied = await run(['db', 'triggers', '--database', database.value, '--apply']);
      expect(applied).toMatchObject({ code: 0, stdout: '' });
    }
    expect(await installed(database.value)).toEqual(["it's: id,", 'pairs: a,b,']);

    const dropped = await run([
      'db',
      'triggers',
      '--drop',
      '--apply',
      '--database',
      database.value,
    ]);
    expect(dropped.code).toBe(0);
    expect(await installed(database.value)).toEqual([]);
  }, 300_000);

  it('names an unknown table and a missing subcommand', async () => {
    const unknown = await run([
      'db',
      'triggers',
      '--database',
      database.value,
      '--tables',
      'loose',
    ]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('no table with a primary key named "loose"');
    const bare = await run(['db', '--database', database.value]);
    expect(bare.code).toBe(2);
    expect(bare.stderr).toContain('expected a subcommand "triggers"');
  }, 300_000);
});
