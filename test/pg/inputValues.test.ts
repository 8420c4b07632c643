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
 * Values PostgreSQL would refuse are refused in Node, as the client's mistake (BAD_USER_INPUT, or
 * a validation error for a literal), and never reach the database: text with NUL, int8 and
 * numeric out of range, impossible dates and times, forged cursors.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE mood AS ENUM ('happy', 'sad');
    CREATE TABLE items (
      id int4 PRIMARY KEY,
      name text NOT NULL,
      big int8,
      amount numeric,
      born date,
      seen timestamptz,
      at timestamp,
      ratio float8,
      ratio4 float4,
      small int2,
      flag bool,
      mood mood
    );
    CREATE TABLE codes (code text PRIMARY KEY);
    CREATE TABLE counters (n int8 PRIMARY KEY);
    INSERT INTO items VALUES
      (1, 'one', 1, 1.5, '2024-02-29', '2024-01-01 12:00:00+00', '2024-01-01 12:00:00', 0.5, 0.5, 1, true, 'happy'),
      (2, 'two', 2, 2.5, '2023-01-01', '2023-01-01 12:00:00+00', '2023-01-01 12:00:00', 1.5, 1.5, 2, false, 'sad');
    INSERT INTO codes VALUES ('a'), ('b');
    INSERT INTO counters VALUES (1), (2);
    -- Not the ISO text form: cursors must not depend on it (this connection and later ones).
    SET DateStyle = 'SQL, DMY';
    DO $$ BEGIN
      EXECUTE format('ALTER DATABASE %I SET DateStyle = %L', current_database(), 'SQL, DMY');
    END $$;
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

/** The request's first error code, and how many statements reached the database for it. */
async function outcome(query: string, variables: Record<string, unknown> = {}) {
  const before = counting.statements.length;
  const body = await request(query, variables);
  return {
    code: body.errors?.[0]?.extensions?.code,
    statements: counting.statements.length - before,
    body,
  };
}

/** Refused by the scalar: a variable fails coercion (BAD_USER_INPUT), a literal validation. */
async function expectScalarRefused(type: string, filter: string, value: string) {
  const variable = await outcome(
    `query ($v: ${type}) { items(where: { ${filter}: { eq: $v } }) { id } }`,
    { v: value },
  );
  expect({ code: variable.code, statements: variable.statements }, value).toEqual({
    code: ErrorCode.BAD_USER_INPUT,
    statements: 0,
  });
  const literal = await outcome(
    `{ items(where: { ${filter}: { eq: ${JSON.stringify(value)} } }) { id } }`,
  );
  expect({ code: literal.code, statements: literal.statements }, value).toEqual({
    code: ErrorCode.GRAPHQL_VALIDATION_FAILED,
    statements: 0,
  });
}

async function expectAccepted(type: string, filter: string, value: string) {
  const result = await outcome(
    `query ($v: ${type}) { items(where: { ${filter}: { eq: $v } }) { id } }`,
    { v: value },
  );
  expect(result.body.errors, value).toBeUndefined();
}

describe('NUL characters', () => {
  const nul = 'a\u0000b';
  it.each([
    ['a where operand', 'query ($v: String) { items(where: { name: { eq: $v } }) { id } }'],
    ['an in list', 'query ($v: String!) { items(where: { name: { in: ["x", $v] } }) { id } }'],
    ['a pattern', 'query ($v: String) { items(where: { name: { ilike: $v } }) { id } }'],
    ['a primary key', 'query ($v: String!) { code(code: $v) { code } }'],
    [
      'a nested relation filter',
      'query ($v: String) { codesConnection(where: { not: { code: { gt: $v } } }) { totalCount } }',
    ],
  ])('are refused in %s, before the database', async (_, query) => {
    const result = await outcome(query, { v: nul });
    expect(result.body.errors?.[0]).toMatchObject({
      message:
        'A string must not contain the NUL character (U+0000): PostgreSQL text cannot hold it.',
      extensions: { code: ErrorCode.BAD_USER_INPUT },
    });
    expect(result.statements).toBe(0);
  });

  it('are refused in a literal of the document', async () => {
    const result = await outcome('{ items(where: { name: { eq: "a\\u0000b" } }) { id } }');
    expect({ code: result.code, statements: result.statements }).toEqual({
      code: ErrorCode.BAD_USER_INPUT,
      statements: 0,
    });
  });
});

describe('BigInt', () => {
  it('refuses values outside int8', async () => {
    for (const v of ['9223372036854775808', '-9223372036854775809', '1' + '0'.repeat(30)])
      await expectScalarRefused('BigInt', 'big', v);
  });
  it('accepts the ends of int8, with leading zeros', async () => {
    for (const v of ['9223372036854775807', '-9223372036854775808', '-0009223372036854775808'])
      await expectAccepted('BigInt', 'big', v);
  });
});

describe('BigFloat', () => {
  it('refuses values outside numeric', async () => {
    for (const v of ['1e1000000', '1e131072', '1' + '0'.repeat(131072), '1e-16384', '0.5e-16383'])
      await expectScalarRefused('BigFloat', 'amount', v);
  });
  it('accepts the ends of numeric, NaN and the infinities', async () => {
    for (const v of [
      '1e131071',
      '1e-16383',
      '0e1000000',
      'NaN',
      'Infinity',
      '-Infinity',
      '.5',
      '5.',
    ])
      await expectAccepted('BigFloat', 'amount', v);
  });
});

describe('Datetime and Date', () => {
  it('refuses impossible dates and times', async () => {
    for (const v of [
      '2024-02-30T00:00:00Z',
      '2023-02-29',
      '2024-13-01T00:00:00',
      '2024-00-10',
      '0000-01-01T00:00:00',
      '2024-01-01T25:00:00',
      '2024-01-01T24:00:01',
      '2024-01-01T12:60:00',
      '2024-01-01T12:00:61',
      '2024-01-01T12:00:60.5',
      '2024-01-01T12:00:00+16:00',
      '2024-01-01T12:00:00+05:60',
      '294277-01-01T00:00:00',
    ])
      await expectScalarRefused('Datetime', 'seen', v);
    for (const v of [
      '2024-02-30',
      '2023-02-29',
      '2024-13-01',
      '2024-01-00',
      '0000-01-01',
      '5874898-01-01',
    ])
      await expectScalarRefused('Date', 'born', v);
  });
  it('accepts what PostgreSQL accepts', async () => {
    for (const v of [
      '2024-02-29T24:00:00',
      '2024-12-31T23:59:60Z',
      '2024-01-01 12:00:00.1234567+15:59',
      '2024-01-01T12:00-0530',
      '0001-01-01T00:00:00+15',
      '2024-02-29',
    ])
      await expectAccepted('Datetime', 'at', v);
    for (const v of ['2024-02-29', '0001-01-01', '5874897-12-31'])
      await expectAccepted('Date', 'born', v);
  });
});

describe('columns narrower than their scalar', () => {
  it('refuses an Int beyond int2 and a Float beyond float4, before the database', async () => {
    for (const [query, variables] of [
      ['query ($v: Int) { items(where: { small: { eq: $v } }) { id } }', { v: 40_000 }],
      ['{ items(where: { small: { lt: -32769 } }) { id } }', {}],
      ['query ($v: Int!) { items(where: { small: { in: [1, $v] } }) { id } }', { v: 32_768 }],
      ['query ($v: Float) { items(where: { ratio4: { gt: $v } }) { id } }', { v: 1e39 }],
      ['{ items(where: { ratio4: { notIn: [1.5, 1e-50] } }) { id } }', {}],
    ] as const) {
      const result = await outcome(query, variables);
      expect({ code: result.code, statements: result.statements }, query).toEqual({
        code: ErrorCode.BAD_USER_INPUT,
        statements: 0,
      });
    }
    const message = (await outcome('{ items(where: { small: { eq: 40000 } }) { id } }')).body
      .errors?.[0]?.message;
    expect(message).toBe(
      '"small" is int2: it cannot be compared with a value outside int2 (-32768 to 32767).',
    );
  });

  it('accepts their whole range', async () => {
    const result = await outcome(
      '{ items(where: { small: { in: [-32768, 32767] }, ratio4: { lt: 3.4e38, gt: 1e-40 } }) { id } }',
    );
    expect(result.body).toEqual({ data: { items: [] } });
  });
});

describe('cursors', () => {
  const forge = (values: unknown[]) => Buffer.from(JSON.stringify(values)).toString('base64');
  const realCursor = async (query: string, path: string): Promise<string[]> => {
    const body = await request(query);
    const edges = (body.data?.[path] as { edges: Array<{ cursor: string }> }).edges;
    return JSON.parse(Buffer.from(edges[0]?.cursor ?? '', 'base64').toString('utf8')) as string[];
  };

  it('refuses a forged cursor whose values do not fit the key columns, before the database', async () => {
    const [signature] = await realCursor(
      '{ itemsConnection(first: 1) { edges { cursor } } }',
      'itemsConnection',
    );
    const ordered = await realCursor(
      `{ itemsConnection(first: 1, orderBy: [{ seen: ASC }, { born: DESC }, { big: ASC }, { amount: ASC }, { ratio: ASC }, { small: ASC }, { flag: ASC }, { mood: ASC }]) { edges { cursor } } }`,
      'itemsConnection',
    );
    const orderBy = `orderBy: [{ seen: ASC }, { born: DESC }, { big: ASC }, { amount: ASC }, { ratio: ASC }, { small: ASC }, { flag: ASC }, { mood: ASC }]`;
    const valid = ordered.slice(1);
    const bad: Array<[number, string]> = [
      [0, '2024-02-30 00:00:00+00'],
      [1, 'yesterday'],
      [2, '9223372036854775808'],
      [3, '1e1000000'],
      [4, 'abc'],
      [5, '40000'],
      [6, 'maybe'],
      [7, 'angry'],
      [8, '1.5'],
    ];
    for (const [index, value] of bad) {
      const values = [...valid];
      values[index] = value;
      const result = await outcome(
        `query ($c: String) { itemsConnection(first: 1, after: $c, ${orderBy}) { totalCount } }`,
        { c: forge([ordered[0], ...values]) },
      );
      expect(result.body.errors?.[0], value).toMatchObject({
        message: 'Invalid cursor: it was not made by this list with this orderBy.',
        extensions: { code: ErrorCode.BAD_USER_INPUT },
      });
      expect(result.statements, value).toBe(0);
    }
    // The same, untouched, is accepted; the key of a plain list (int, NOT NULL) refuses text, and
    // NULL, which no row of it has (else the keyset condition is NULL: silently an empty page).
    const ok = await outcome(
      `query ($c: String) { itemsConnection(first: 1, after: $c, ${orderBy}) { totalCount } }`,
      { c: forge(ordered) },
    );
    expect(ok.body.errors).toBeUndefined();
    for (const key of ['abc', '1.5', '99999999999', 'a\u0000', null]) {
      const result = await outcome(
        `{ itemsConnection(after: "${forge([signature, key])}") { totalCount } }`,
      );
      expect({ code: result.code, statements: result.statements }, String(key)).toEqual({
        code: ErrorCode.BAD_USER_INPUT,
        statements: 0,
      });
    }
  });

  it('pages over dates and times whatever the DateStyle', async () => {
    const page = `query ($c: String) {
      itemsConnection(first: 1, after: $c, orderBy: [{ seen: ASC }, { born: ASC }, { at: DESC }]) {
        nodes { id } pageInfo { endCursor }
      }
    }`;
    type Page = { nodes: Array<{ id: number }>; pageInfo: { endCursor: string } };
    const one = (await request(page)).data?.['itemsConnection'] as Page;
    expect(one.nodes).toEqual([{ id: 2 }]);
    const style = await db.client.query('SHOW DateStyle');
    expect(style[0]?.[0]).toBe('SQL, DMY');
    const two = await request(page, { c: one.pageInfo.endCursor });
    expect(two.errors).toBeUndefined();
    expect((two.data?.['itemsConnection'] as Page).nodes).toEqual([{ id: 1 }]);
  });

  it('refuses NUL in a text key and accepts any other text', async () => {
    const [signature] = await realCursor(
      '{ codesConnection(first: 1) { edges { cursor } } }',
      'codesConnection',
    );
    const nul = await outcome(
      `{ codesConnection(after: "${forge([signature, 'a\u0000'])}") { totalCount } }`,
    );
    expect({ code: nul.code, statements: nul.statements }).toEqual({
      code: ErrorCode.BAD_USER_INPUT,
      statements: 0,
    });
    const ok = await request(
      `{ codesConnection(after: "${forge([signature, 'a'])}") { nodes { code } } }`,
    );
    expect(ok).toEqual({ data: { codesConnection: { nodes: [{ code: 'b' }] } } });
  });
});
