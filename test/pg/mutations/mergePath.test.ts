import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../support/testDatabase.js';
import { writeHarness, type WriteHarness } from './support.js';
import { setupWriteDatabase } from './writeSchema.js';

const db = useTestDatabase(setupWriteDatabase);
let version: number;
let auto: WriteHarness;

beforeAll(async () => {
  version = Number(
    (await db.client.query("SELECT current_setting('server_version_num')::int"))[0]?.[0],
  );
  auto = await writeHarness(db.client);
});

const CREATE = `mutation ($i: [CustomerInput!]!) {
  createCustomers(input: $i) { name visits bankingRelationships { kind contracts { title } } tags { name } }
}`;
const input = (prefix: string) =>
  Array.from({ length: 6 }, (_, n) => ({
    name: `${prefix}${n}`,
    ...(n % 2 === 0 ? { visits: n } : {}),
    bankingRelationships: [{ kind: `${prefix}k${n}`, contracts: [{ title: `${prefix}t${n}` }] }],
    tags: [{ name: `${prefix}tag${n}` }],
  }));

describe('creates by MERGE … RETURNING (PostgreSQL 17+) and by INSERT … SELECT', () => {
  it('takes MERGE where the server has MERGE … RETURNING (17), INSERT on 15 and 16', async () => {
    auto.counting.statements.length = 0;
    const result = await auto.run(CREATE, { i: input('a') });
    expect(result.errors).toBeUndefined();
    const write = auto.counting.statements[0] ?? '';
    expect(write.includes('MERGE INTO')).toBe(version >= 170_000);
    expect(write.includes('INSERT INTO "public"."customers"')).toBe(version < 170_000);
  });

  it('gives the same answers either way (groups of defaulted columns, nesting, many-to-many)', async () => {
    const forms = version >= 170_000 ? [true, false] : [false];
    const answers: unknown[] = [];
    for (const mergeReturning of forms) {
      const h = await writeHarness(db.client, { mergeReturning });
      const result = await h.run(CREATE, { i: input('b') });
      expect(result.errors).toBeUndefined();
      answers.push(result.data?.['createCustomers']);
      await db.client.exec(
        `DELETE FROM customers WHERE name LIKE 'b%'; DELETE FROM tags WHERE name LIKE 'b%'`,
      );
    }
    for (const answer of answers) expect(answer).toEqual(answers[0]);
    expect((answers[0] as unknown[]).length).toBe(6);
  });
});
