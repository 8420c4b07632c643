import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { useDemoDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { runInProcess as run } from './__fixtures__/runInProcess.js';

const database = useDemoDatabaseFlag();
const temp = mkdtempSync(join(tmpdir(), 'sluice-explain-'));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

const QUERY = `query Feed($n: Int) {
  users(limit: $n, where: { username: { like: "a%" } }) {
    username
    posts(limit: 2) { title }
  }
}`;

describe('sluice explain', () => {
  it('prints the SQL, where each parameter comes from, and EXPLAIN ANALYZE', async () => {
    const file = join(temp, 'feed.graphql');
    writeFileSync(file, QUERY);
    const res = await run([
      'explain',
      file,
      '--database',
      database.value,
      '--variables',
      '{"n": 3}',
      '--analyze',
    ]);
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('-- The statement (');
    expect(res.stdout).toMatch(/FROM "public"\."users" AS "t1"/);
    expect(res.stdout).toMatch(/WHERE "t2"\."author_id" = "t1"\."id"/);
    expect(res.stdout).toContain('--   $1 = 2   from literal 2');
    expect(res.stdout).toContain('--   $2 = "a%"   from literal "a%"');
    expect(res.stdout).toContain('--   $3 = 3   from $n');
    expect(res.stdout).toContain('-- EXPLAIN (ANALYZE, BUFFERS):');
    expect(res.stdout).toMatch(/actual time=/);
  });

  it("explains a mutation: each field's write and read-back; --analyze rolls them back", async () => {
    const mutation = `mutation { createTags(input: [{ name: "explained" }]) { id name posts { title } } }`;
    const argv = ['explain', '-', '--database', database.value];
    for (const extra of [[], ['--analyze']]) {
      const res = await run([...argv, ...extra], {}, mutation);
      expect(res.stderr).toBe('');
      expect(res.code).toBe(0);
      expect(res.stdout).toContain('-- Statement createTags: write (');
      expect(res.stdout).toContain('-- Statement createTags: read-back (');
      // PostgreSQL 17 (PGlite) creates by MERGE … RETURNING, 15 and 16 by INSERT … SELECT.
      expect(res.stdout).toMatch(/(INSERT|MERGE) INTO "public"\."tags"/);
      expect(res.stdout).toContain('from input level 0 (Tag) g0.c0');
      expect(res.stdout).toMatch(/(Insert|Merge) on tags/);
    }
    const check = await run(
      ['explain', '-', '--database', database.value, '--analyze'],
      {},
      'query { tags(where: { name: { eq: "explained" } }) { id } }',
    );
    expect(check.stdout).toMatch(/rows=0 loops=1/);
  });

  it('reads the operation from standard input, and EXPLAINs without running it by default', async () => {
    const res = await run(
      ['explain', '-', '--database', database.value],
      {},
      '{ tagsAggregate { count } }',
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('--   (none)');
    expect(res.stdout).toContain('-- EXPLAIN:');
    expect(res.stdout).not.toMatch(/actual time=/);
  });

  it('explains the operation named by --operation-name', async () => {
    const document = 'query A { tags { name } }\nquery B { users(limit: 1) { id } }';
    const res = await run(
      ['explain', '-', '--database', database.value, '--operation-name', 'B'],
      {},
      document,
    );
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('FROM "public"."users"');
    expect(res.stdout).not.toContain('"public"."tags"');
    const none = await run(['explain', '-', '--database', database.value], {}, document);
    expect(none.code).toBe(9);
    expect(none.stderr).toContain('Must provide operation name');
  });

  it("shows the connection's planner settings, with --pg-settings over Sluice's", async () => {
    const query = '{ users(limit: 1) { id } }';
    const plain = await run(['explain', '-', '--database', database.value], {}, query);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/Settings: .*random_page_cost = '1\.1'/);
    const tuned = await run(
      [
        'explain',
        '-',
        '--database',
        database.value,
        '--pg-settings',
        'random_page_cost=,work_mem=8MB',
      ],
      {},
      query,
    );
    expect(tuned.code).toBe(0);
    expect(tuned.stdout).toMatch(/Settings: .*work_mem = '8MB'/);
    expect(tuned.stdout).not.toContain('random_page_cost');
  });

  it('reflects with the limits of serve: --default-page-size and --max-page-size', async () => {
    const argv = ['explain', '-', '--database', database.value, '--default-page-size', '3'];
    const paged = await run(argv, {}, '{ users { id } }');
    expect(paged.code).toBe(0);
    // The default page size is the server's constant, written in the statement.
    expect(paged.stdout).toMatch(/LIMIT 3\)/);
    expect(paged.stdout).not.toContain('$1');
    const over = await run([...argv, '--max-page-size', '5'], {}, '{ users(limit: 6) { id } }');
    expect(over.code).toBe(9);
    expect(over.stderr).toContain('Argument "limit" must be at most 5 (got 6).');
  });

  it('uses DATABASE_URL when no --database is given', async () => {
    const res = await run(['explain', '-'], { DATABASE_URL: database.value }, '{ tags { name } }');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('FROM "public"."tags"');
  });

  it('exits 9 on an operation that does not validate, pointing at it', async () => {
    const res = await run(
      ['explain', '-', '--database', database.value],
      {},
      '{\n  users { nope }\n}',
    );
    expect(res.code).toBe(9);
    expect(res.stderr).toContain('<stdin>:2:11: Cannot query field "nope" on type "User".');
  });

  it('exits 9 on an operation without database fields, and on bad variable values', async () => {
    const none = await run(['explain', '-', '--database', database.value], {}, '{ __typename }');
    expect(none.code).toBe(9);
    expect(none.stderr).toContain('The operation selects no database field.');
    const bad = await run(
      ['explain', '-', '--database', database.value, '--variables', '{"n": "three"}'],
      {},
      QUERY,
    );
    expect(bad.code).toBe(9);
    expect(bad.stderr).toContain('Variable "$n" got invalid value "three"');
  });

  it.each([
    [['explain'], 2, 'explain needs an operation'],
    [['explain', 'a.graphql', 'b.graphql'], 2, 'Unexpected argument "b.graphql"'],
    [['explain', '-', '--variables', '{'], 2, '--variables: not JSON'],
    [['explain', '-', '--variables', '[1]'], 2, '--variables: expected a JSON object'],
    [['explain', 'missing.graphql'], 9, 'Cannot read missing.graphql'],
    [['explain', '-', '--database', 'mysql://localhost/x'], 2, 'expected a postgres:// URL'],
    [
      ['explain', '-', '--database', 'postgres://x', '--pg-settings', 'work_mem'],
      2,
      '--pg-settings: expected name=value entries, got "work_mem".',
    ],
    [
      ['explain', '-', '--database', 'postgres://x', '--pg-settings', 'a;b=1'],
      2,
      '--pg-settings: expected name=value entries, got "a;b=1".',
    ],
    [
      ['explain', '-', '--database', 'postgres://postgres@127.0.0.1:1/x'],
      8,
      'Cannot use PostgreSQL at 127.0.0.1:1, database x: connection refused',
    ],
  ])('%j exits %i before touching a database it cannot use', async (argv, code, message) => {
    const res = await run(argv, {}, '{ users { id } }');
    expect(res.code).toBe(code);
    expect(res.stderr).toContain(message);
  });

  it('explains against the demo database (PGlite) when no database is named', async () => {
    const res = await run(['explain', '-'], {}, '{ posts(limit: 1) { title } }');
    expect(res.code).toBe(0);
    expect(res.stderr).toContain('No --database or DATABASE_URL: explaining against the demo');
    expect(res.stderr).toMatch(/Seeding demo data .*200 users/);
    expect(res.stdout).toContain('-- The statement (the demo database)');
  }, 180_000);

  it('exits 9 on a syntax error, with its location', async () => {
    const res = await run(['explain', '-'], {}, '{ users { id }');
    expect(res.code).toBe(9);
    expect(res.stderr).toContain('<stdin>:1:15: Syntax Error');
  });
});
