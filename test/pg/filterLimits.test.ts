import { beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode } from '../../src/engine/index.js';
import { countStatements } from '../../src/pg/driver/countStatements.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import {
  ENGINE_LIMITS_LIFTED,
  engineRequester,
  type ResponseBody,
} from './support/engineRequest.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Filters are bounded before any SQL is built or sent: how deeply `where` nests (maxFilterDepth),
 * how long a LIKE pattern is (maxPatternLength), how many values `in`/`notIn` take
 * (maxListLength); literals of the document and variables alike.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE authors (
      id int4 PRIMARY KEY,
      name text NOT NULL,
      mentor_id int4 REFERENCES authors (id)
    );
    CREATE TABLE posts (id int4 PRIMARY KEY, author_id int4 NOT NULL REFERENCES authors (id), title text);
    CREATE TABLE tags (id int4 PRIMARY KEY);
    CREATE TABLE post_tags (
      post_id int4 NOT NULL REFERENCES posts (id),
      tag_id int4 NOT NULL REFERENCES tags (id),
      PRIMARY KEY (post_id, tag_id)
    );
    INSERT INTO authors VALUES (1, 'Ann', NULL), (2, 'Bob', 1);
    INSERT INTO posts VALUES (1, 1, 'one'), (2, 2, 'two');
    INSERT INTO tags VALUES (1);
    INSERT INTO post_tags VALUES (1, 1);
  `);
});
let counting: ReturnType<typeof countStatements>;
let reflection: Reflection;
let request: (query: string, variables?: Record<string, unknown>) => Promise<ResponseBody>;
beforeAll(async () => {
  counting = countStatements(db.client);
  reflection = await reflect(counting);
  request = engineRequester(reflection.schema, ENGINE_LIMITS_LIFTED);
});

/** Runs a request and returns its first error's code and message, and the statements it ran. */
async function refusal(query: string, variables: Record<string, unknown> = {}, run = request) {
  const before = counting.statements.length;
  const body = await run(query, variables);
  return {
    code: body.errors?.[0]?.extensions?.code,
    message: body.errors?.[0]?.message,
    statements: counting.statements.length - before,
  };
}

/** A where value with `levels` nested where objects, each wrapping the next through `via`. */
function nested(levels: number, via: (inner: string) => string): string {
  let where = '{ id: { eq: 1 } }';
  for (let i = 1; i < levels; i++) where = via(where);
  return where;
}
const WAYS: ReadonlyArray<readonly [string, (inner: string) => string]> = [
  ['not', (w) => `{ not: ${w} }`],
  ['and', (w) => `{ and: [{ id: { gt: 0 } }, ${w}] }`],
  ['or', (w) => `{ or: [${w}] }`],
  // Relation filters count too: Author.mentor (to-one), Author.authors (its mentees, to-many).
  ['to-one relations', (w) => `{ mentor: ${w} }`],
  ['to-many relations', (w) => `{ authors: { some: ${w} } }`],
];

describe('filter depth', () => {
  const depthError = {
    code: ErrorCode.MAX_INPUT_DEPTH_EXCEEDED,
    message:
      'A "where" argument nests deeper than 10 levels; and, or, not and relation filters each add a level.',
    statements: 0,
  };

  it.each(WAYS)('accepts 10 levels and refuses 11 through %s', async (_, via) => {
    const ok = await request(`{ authors(where: ${nested(10, via)}) { id } }`);
    expect(ok.errors).toBeUndefined();
    expect(await refusal(`{ authors(where: ${nested(11, via)}) { id } }`)).toEqual(depthError);
  });

  it('counts every/none and many-to-many filters, and where on relations, connections and aggregates', async () => {
    // Tag → posts (many-to-many, every) → tags (none) → …: two levels a step.
    const tagSteps = (steps: number) => {
      let where = '{ id: { eq: 1 } }';
      for (let i = 0; i < steps; i++) where = `{ posts: { every: { tags: { none: ${where} } } } }`;
      return `{ tags(where: ${where}) { id } }`;
    };
    expect((await request(tagSteps(4))).errors).toBeUndefined();
    expect(await refusal(tagSteps(5))).toEqual(depthError);
    const deep = nested(11, (w) => `{ not: ${w} }`);
    for (const query of [
      `{ author(id: 1) { posts(where: ${deep.replace('id: { eq: 1 }', 'title: { eq: "x" }')}) { id } } }`,
      `{ authorsConnection(where: ${deep}) { totalCount } }`,
      `{ authorsAggregate(where: ${deep}) { count } }`,
      `{ a: authors { ...F } } fragment F on Author { p: postsConnection(where: ${deep}) { nodes { id } } }`,
    ]) {
      expect(await refusal(query), query).toEqual(depthError);
    }
  });

  it('refuses a deep where variable before building its SQL', async () => {
    let where: unknown = { id: { eq: 1 } };
    for (let i = 0; i < 850; i++) where = { not: where };
    const result = await refusal('query ($w: AuthorWhere) { authors(where: $w) { id } }', {
      w: where,
    });
    expect(result).toEqual(depthError);
    // The same document with a shallow variable still runs.
    const ok = await request('query ($w: AuthorWhere) { authors(where: $w) { id } }', {
      w: { not: { id: { eq: 1 } } },
    });
    expect(ok).toEqual({ data: { authors: [{ id: 2 }] } });
  });

  it('takes another maximum', async () => {
    const strict = await reflect(counting, { maxFilterDepth: 2 });
    const run = engineRequester(strict.schema);
    expect(
      (await run(`{ authors(where: ${nested(2, (w) => `{ not: ${w} }`)}) { id } }`)).errors,
    ).toBeUndefined();
    const body = await run(`{ authors(where: ${nested(3, (w) => `{ not: ${w} }`)}) { id } }`);
    expect(body.errors?.[0]?.extensions?.code).toBe(ErrorCode.MAX_INPUT_DEPTH_EXCEEDED);
    await expect(reflect(counting, { maxFilterDepth: 0 })).rejects.toThrow(/maxFilterDepth/);
  });
});

describe('pattern length', () => {
  const tooLong = (got: number) => ({
    code: ErrorCode.BAD_USER_INPUT,
    message: `A like/ilike pattern must be at most 1000 characters (got ${got}).`,
    statements: 0,
  });

  it('accepts 1000 characters and refuses more, literal or variable', async () => {
    const ok = await request(
      `{ authors(where: { name: { like: "${'%'.repeat(1000)}" } }) { id } }`,
    );
    expect(ok.errors).toBeUndefined();
    expect(
      await refusal(`{ authors(where: { name: { ilike: "${'%_'.repeat(501)}" } }) { id } }`),
    ).toEqual(tooLong(1002));
    expect(
      await refusal('query ($p: String) { authors(where: { name: { like: $p } }) { id } }', {
        p: '%_'.repeat(100_000),
      }),
    ).toEqual(tooLong(200_000));
    expect(
      await refusal('query ($w: AuthorWhere) { authors(where: $w) { id } }', {
        w: { posts: { some: { title: { ilike: 'x'.repeat(1001) } } } },
      }),
    ).toEqual(tooLong(1001));
  });

  it('counts characters, not UTF-16 units', async () => {
    const ok = await request(
      'query ($p: String) { authors(where: { name: { like: $p } }) { id } }',
      {
        p: '😀'.repeat(1000),
      },
    );
    expect(ok.errors).toBeUndefined();
  });
});

describe('list length', () => {
  const tooMany = (got: number) => ({
    code: ErrorCode.BAD_USER_INPUT,
    message: `A list operator takes at most 10000 values (got ${got}).`,
    statements: 0,
  });

  it('accepts 10000 values and refuses more, for in and notIn', async () => {
    const values = (n: number) => Array.from({ length: n }, (_, i) => i);
    const query = 'query ($v: [Int!]) { authors(where: { id: { in: $v } }) { id } }';
    expect(await request(query, { v: values(10_000) })).toEqual({
      data: { authors: [{ id: 1 }, { id: 2 }] },
    });
    expect(await refusal(query, { v: values(10_001) })).toEqual(tooMany(10_001));
    expect(
      await refusal('query ($v: [String!]) { authors(where: { name: { notIn: $v } }) { id } }', {
        v: values(20_000).map(String),
      }),
    ).toEqual(tooMany(20_000));
    expect(
      // A literal that long needs more tokens than the engine allows by default.
      await refusal(
        `{ authors(where: { id: { in: [${values(10_001).join(',')}] } }) { id } }`,
        {},
        engineRequester(reflection.schema, { maxTokens: 100_000 }),
      ),
    ).toEqual(tooMany(10_001));
  });
});
