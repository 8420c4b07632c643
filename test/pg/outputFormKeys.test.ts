import { beforeAll, describe, expect, it } from 'vitest';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A column of a type written by its output function (bytea: `\x00ff`) is a String, and what a
 * filter, a lookup or a write's key compares it with is that text, read as PostgreSQL reads it:
 * `eq: "\\x00ff"` finds the row whose bytes are 00 ff, as `b = '\x00ff'` does.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE blobs (id int PRIMARY KEY, b bytea UNIQUE);
    INSERT INTO blobs VALUES (1, '\\x00ff'), (2, '\\x01'), (3, NULL);
    CREATE TABLE tokens (k bytea PRIMARY KEY, n int NOT NULL);
    INSERT INTO tokens VALUES ('\\x00ff', 1), ('\\x01', 2);
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});
const { run } = reflectedRunners(() => reflection.schema);

const sqlIds = async (condition: string) =>
  (await db.client.query(`SELECT id FROM blobs WHERE ${condition} ORDER BY id`)).map((r) =>
    Number(r[0]),
  );

describe('filters on a bytea column', () => {
  it('read the value as PostgreSQL reads the text', async () => {
    expect(await sqlIds(`b = '\\x00ff'`)).toEqual([1]);
    const cases: Array<[string, string]> = [
      ['{ b: { eq: $v } }', `b = '\\x00ff'`],
      ['{ b: { neq: $v } }', `b <> '\\x00ff'`],
      ['{ b: { in: [$v] } }', `b IN ('\\x00ff')`],
    ];
    for (const [where, condition] of cases) {
      const { body } = await run(`query ($v: String!) { blobs(where: ${where}) { id } }`, {
        v: '\\x00ff',
      });
      expect(body, where).toEqual({
        data: { blobs: (await sqlIds(condition)).map((id) => ({ id })) },
      });
    }
  });

  it('finds the row by its unique bytea key', async () => {
    const { body } = await run(`query ($v: String!) { blobByB(b: $v) { id } }`, { v: '\\x00ff' });
    expect(body).toEqual({ data: { blobByB: { id: 1 } } });
  });

  it('finds the row to update and to delete by a bytea primary key', async () => {
    const updated = await run(
      `mutation ($k: String!) { updateToken(k: $k, set: { n: 10 }) { k n } }`,
      { k: '\\x00ff' },
    );
    expect(updated.body).toEqual({ data: { updateToken: { k: '\\x00ff', n: 10 } } });
    const deleted = await run(`mutation ($k: String!) { deleteToken(k: $k) { n } }`, {
      k: '\\x01',
    });
    expect(deleted.body).toEqual({ data: { deleteToken: { n: 2 } } });
    expect(await db.client.query('SELECT n FROM tokens ORDER BY n')).toEqual([[10]]);
  });
});
