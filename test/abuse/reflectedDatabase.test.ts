import { describe, expect, it } from 'vitest';
import { expectErrorCode, expectHealthy, expectRequestError } from './support/expectations.js';
import { graphql, underAttack } from './support/http.js';
import { useAbuseServer } from './support/serverProcess.js';

const DEFAULT_PAGE = 25;
const MAX_PAGE = 50;

// `serve --database` over the demo database (300 comments). Variables may be up to 1 MiB here,
// so that the pattern test meets the database layer's own limit, not the request's.
const server = useAbuseServer({
  schema: 'demo',
  reflect: { defaultPageSize: DEFAULT_PAGE, maxPageSize: MAX_PAGE },
  engine: { maxVariablesBytes: 1024 * 1024 },
});

/** `{ not: { not: … { id: { eq: 1 } } } }`, `levels` objects of the where type deep. */
function nestedWhere(levels: number): unknown {
  let where: unknown = { id: { eq: 1 } };
  for (let i = 1; i < levels; i++) where = { not: where };
  return where;
}

/** The same as a GraphQL literal. */
const nestedWhereLiteral = (levels: number) =>
  `${'{ not: '.repeat(levels - 1)}{ id: { eq: 1 } }${' }'.repeat(levels - 1)}`;

const usersWhere = 'query ($w: UserWhere) { users(where: $w, limit: 1) { id } }';

describe('reflected database: filters', () => {
  it('where nested 850 levels in a variable: 400 MAX_INPUT_DEPTH_EXCEEDED', async () => {
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, { query: usersWhere, variables: { w: nestedWhere(850) } }),
    );
    expectRequestError(result, 'MAX_INPUT_DEPTH_EXCEEDED');
    expectHealthy(health);
  });

  it('where nested 20 levels (past the filter depth): MAX_INPUT_DEPTH_EXCEEDED', async () => {
    expectErrorCode(
      await graphql(server.port, { query: usersWhere, variables: { w: nestedWhere(20) } }),
      'MAX_INPUT_DEPTH_EXCEEDED',
    );
    expectErrorCode(
      await graphql(server.port, {
        query: `{ users(where: ${nestedWhereLiteral(20)}, limit: 1) { id } }`,
      }),
      'MAX_INPUT_DEPTH_EXCEEDED',
    );
  });

  it('where nested 20 levels through relations: MAX_INPUT_DEPTH_EXCEEDED', async () => {
    let where = '{ id: { eq: 1 } }';
    for (let i = 0; i < 10; i++) where = `{ posts: { some: { author: ${where} } } }`;
    expectErrorCode(
      await graphql(server.port, { query: `{ users(where: ${where}, limit: 1) { id } }` }),
      'MAX_INPUT_DEPTH_EXCEEDED',
    );
  });

  it('where nested 5 levels is answered', async () => {
    const answer = await graphql(server.port, {
      query: usersWhere,
      variables: { w: nestedWhere(5) },
    });
    // Four NOTs around id = 1: id = 1.
    expect(answer.json).toEqual({ data: { users: [{ id: 1 }] } });
  });

  it('an ilike pattern of 200,000 characters: BAD_USER_INPUT', async () => {
    const { result, health } = await underAttack(server.port, () =>
      graphql(server.port, {
        query: 'query ($p: String) { users(where: { username: { ilike: $p } }) { id } }',
        variables: { p: '%_'.repeat(100_000) },
      }),
    );
    expectErrorCode(result, 'BAD_USER_INPUT');
    expectHealthy(health);
  });
});

describe('reflected database: page sizes', () => {
  it('a list with no limit returns at most the default page size', async () => {
    const answer = await graphql(server.port, { query: '{ comments { id } }' });
    expect(answer.status).toBe(200);
    expect((answer.json?.data as { comments: unknown[] }).comments).toHaveLength(DEFAULT_PAGE);
  });

  it('a connection with no first returns at most the default page size', async () => {
    const answer = await graphql(server.port, {
      query: '{ commentsConnection { edges { node { id } } } }',
    });
    expect(answer.status).toBe(200);
    const page = answer.json?.data as { commentsConnection: { edges: unknown[] } };
    expect(page.commentsConnection.edges).toHaveLength(DEFAULT_PAGE);
  });

  it.each([
    `{ comments(limit: ${MAX_PAGE + 1}) { id } }`,
    `{ commentsConnection(first: ${MAX_PAGE + 1}) { edges { node { id } } } }`,
    `{ posts(limit: 1) { comments(limit: ${MAX_PAGE + 1}) { id } } }`,
  ])('%s (above the maximum): BAD_USER_INPUT', async (query) => {
    expectErrorCode(await graphql(server.port, { query }), 'BAD_USER_INPUT');
  });

  it('the maximum itself is answered', async () => {
    const answer = await graphql(server.port, { query: `{ comments(limit: ${MAX_PAGE}) { id } }` });
    expect((answer.json?.data as { comments: unknown[] }).comments).toHaveLength(MAX_PAGE);
  });
});

describe('reflected database: values PostgreSQL would refuse are the client’s error', () => {
  it.each([
    [
      'NUL in a string',
      'query ($v: String) { users(where: { username: { eq: $v } }) { id } }',
      'a\u0000b',
    ],
    [
      'a BigInt outside int8',
      'query ($v: BigInt) { posts(where: { views: { eq: $v } }) { id } }',
      '9223372036854775808',
    ],
    [
      'BigFloat 1e1000000',
      'query ($v: BigFloat) { posts(where: { rating: { eq: $v } }) { id } }',
      '1e1000000',
    ],
    [
      'Datetime 2024-02-30T00:00:00Z',
      'query ($v: Datetime) { comments(where: { createdAt: { eq: $v } }) { id } }',
      '2024-02-30T00:00:00Z',
    ],
    [
      'a forged cursor',
      'query ($v: String) { commentsConnection(first: 2, after: $v) { edges { node { id } } } }',
      'forged',
    ],
    [
      'a forged base64 cursor',
      'query ($v: String) { commentsConnection(first: 2, after: $v) { edges { node { id } } } }',
      Buffer.from('["x\'); DROP TABLE comments; --", {"a": 1}]').toString('base64'),
    ],
  ])('%s: BAD_USER_INPUT, never DATABASE_ERROR', async (_name, query, value) => {
    const answer = await graphql(server.port, { query, variables: { v: value } });
    expectErrorCode(answer, 'BAD_USER_INPUT');
  });

  it('a real cursor still pages', async () => {
    const first = await graphql(server.port, {
      query: '{ commentsConnection(first: 2) { edges { cursor node { id } } } }',
    });
    const edges = (first.json?.data as { commentsConnection: { edges: Array<{ cursor: string }> } })
      .commentsConnection.edges;
    const next = await graphql(server.port, {
      query:
        'query ($after: String) { commentsConnection(first: 2, after: $after) { edges { node { id } } } }',
      variables: { after: edges[1]?.cursor },
    });
    expect(next.json).toEqual({
      data: { commentsConnection: { edges: [{ node: { id: 3 } }, { node: { id: 4 } }] } },
    });
  });
});
