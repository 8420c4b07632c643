import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { useDatabaseFlag } from './__fixtures__/demoDatabaseFlag.js';
import { runInProcess as run } from './__fixtures__/runInProcess.js';

/** `sluice print-schema`: on a PGlite directory (npm test) or a server database (test:pg). */
const database = useDatabaseFlag(async (client) => {
  await client.exec(`
    CREATE TABLE users (id int PRIMARY KEY, email text NOT NULL UNIQUE);
    CREATE TABLE posts (id int PRIMARY KEY, "user" int NOT NULL REFERENCES users (id));
    CREATE TABLE secrets (id int PRIMARY KEY);
    CREATE VIEW post_authors AS SELECT id, "user" AS user_id FROM posts;
  `);
});

describe('sluice print-schema', () => {
  it("prints the reflected schema's SDL on stdout, and reflection's warnings on stderr", async () => {
    const res = await run(['print-schema', '--database', database.value, '--max-page-size', '500']);
    expect(res.code).toBe(0);
    expect(res.stderr).toBe(
      'sluice: warning: Post.user is taken by column posts.user, so the foreign key posts.posts_user_fkey is named Post.userByUser; the rename option chooses another name.\n',
    );
    const schema = buildSchema(res.stdout);
    expect(Object.keys(schema.getQueryType()?.getFields() ?? {})).toEqual(
      expect.arrayContaining(['users', 'user', 'userByEmail', 'posts', 'secrets']),
    );
    expect(res.stdout).toContain('userByUser: User!');
    expect(res.stdout).toContain('At most 500.');
  }, 120_000);

  it('prints the Node interface with --relay (or SLUICE_RELAY)', async () => {
    const res = await run(['print-schema', '--database', database.value, '--relay']);
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('type User implements Node {');
    expect(res.stdout).toContain('): Node\n');
    const env = await run(['print-schema', '--database', database.value], { SLUICE_RELAY: '1' });
    expect(env.stdout).toBe(res.stdout);
  }, 120_000);

  it('takes the flags serve takes (DATABASE_URL, --tables), and sorts with --sort', async () => {
    const res = await run(['print-schema', '--tables', 'users', '--sort'], {
      DATABASE_URL: database.value,
    });
    expect(res.code).toBe(0);
    expect(res.stdout).not.toContain('Secret');
    const types = [...res.stdout.matchAll(/^(?:type|input|enum|scalar) (\w+)/gm)].map((m) => m[1]);
    expect(types).toEqual([...types].sort());
    expect(types).toContain('User');
  }, 120_000);

  it('takes rename, the inflector words and the keys of views from the config file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sluice-print-schema-'));
    try {
      const config = (name: string, body: unknown) => {
        writeFileSync(join(dir, name), JSON.stringify(body));
        return join(dir, name);
      };
      const good = config('good.json', {
        database: database.value,
        rename: { users: 'Account', 'posts.posts_user_fkey': 'writer', 'secrets.single': 'secret' },
        inflector: { uncountable: ['secrets'] },
        viewKeys: {
          post_authors: {
            primaryKey: ['id'],
            foreignKeys: [{ columns: ['user_id'], references: 'users' }],
          },
        },
      });
      const res = await run(['print-schema', '--config', good]);
      expect(res).toMatchObject({ code: 0, stderr: '' });
      expect(res.stdout).toContain('writer: Account!');
      expect(res.stdout).toContain('type Secrets {');
      expect(res.stdout).toContain('secret(id: Int!): Secrets');
      expect(res.stdout).toContain('postAuthor(id: Int!): PostAuthor');
      expect(res.stdout).toContain('postAuthorsConnection(');
      expect(res.stdout).toMatch(/type PostAuthor \{[^}]*\n {2}user: Account\n/);
      const unknownView = config('view.json', {
        database: database.value,
        viewKeys: { post_author: { primaryKey: ['id'] } },
      });
      expect(await run(['print-schema', '--config', unknownView])).toEqual({
        code: 5,
        stdout: '',
        stderr: expect.stringMatching(
          /^sluice: Cannot build a GraphQL schema from .+: viewKeys: view "post_author": no such table or view was reflected\.\n$/,
        ) as unknown,
      });
      const typo = config('typo.json', { viewKeys: { post_authors: { primaryKeys: ['id'] } } });
      expect(await run(['print-schema', '--config', typo])).toEqual({
        code: 3,
        stdout: '',
        stderr: `sluice: Config file ${typo}, "viewKeys", "post_authors": unknown key "primaryKeys"; did you mean "primaryKey"?\n`,
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);

  it('prints a schema module, and says what it needs', async () => {
    const res = await run(['print-schema', '--schema', 'src/cli/__fixtures__/schema.mjs']);
    expect(res).toMatchObject({ code: 0, stderr: '' });
    expect(res.stdout).toContain('hello(name: String): String!');
    expect(await run(['print-schema'])).toEqual({
      code: 2,
      stdout: '',
      stderr:
        'sluice: print-schema needs --schema <module> or --database <url> (or SLUICE_SCHEMA, SLUICE_DATABASE, DATABASE_URL, or the config file).\n',
    });
  });
});
