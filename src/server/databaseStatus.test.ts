import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createEngine, ErrorCode, makeSchema } from '../engine/index.js';
import { GQL_RESPONSE, send } from './__fixtures__/testServer.js';
import { createHandler } from './createHandler.js';

/**
 * A database that is busy or down is the server's condition, not the request's: 503 with
 * Retry-After when the response has no data, 504 for a statement cancelled by its timeout.
 * The resolvers below fail the way a data source does (a GraphQLError with the code); the
 * engine itself decides which outcome has no data and which codes it carries.
 */
const { DATABASE_BUSY, DATABASE_UNAVAILABLE, DATABASE_TIMEOUT, DATABASE_ERROR } = ErrorCode;

function failing(code: string, async: boolean) {
  return () => {
    const error = new GraphQLError('The database said no.', { extensions: { code } });
    if (async) return Promise.reject(error);
    throw error;
  };
}

function handlerFor(async: boolean) {
  const schema = makeSchema({
    typeDefs: `type Query { busy: Int down: Int late: Int broken: Int ok: Int }`,
    resolvers: {
      Query: {
        busy: failing(DATABASE_BUSY, async),
        down: failing(DATABASE_UNAVAILABLE, async),
        late: failing(DATABASE_TIMEOUT, async),
        broken: failing(DATABASE_ERROR, async),
        ok: () => (async ? Promise.resolve(1) : 1),
      },
    },
  });
  return createHandler({ engine: createEngine({ schema }) });
}

async function statusFor(query: string, async: boolean, accept?: string) {
  return send(handlerFor(async), { json: { query }, headers: accept ? { accept } : {} });
}

describe('database errors by HTTP status', () => {
  for (const async of [false, true]) {
    for (const accept of [undefined, GQL_RESPONSE]) {
      const where = `${async ? 'async' : 'sync'}, ${accept ?? 'application/json'}`;

      it(`busy: 503 with Retry-After 1 (${where})`, async () => {
        const res = await statusFor('{ busy }', async, accept);
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('1');
        expect(res.json.errors?.[0]?.extensions?.code).toBe(DATABASE_BUSY);
      });

      it(`unavailable: 503 with Retry-After 5, over busy (${where})`, async () => {
        const res = await statusFor('{ busy down }', async, accept);
        expect(res.status).toBe(503);
        expect(res.headers['retry-after']).toBe('5');
      });

      it(`statement timeout: 504 (${where})`, async () => {
        const res = await statusFor('{ late }', async, accept);
        expect(res.status).toBe(504);
        expect(res.headers['retry-after']).toBeUndefined();
      });
    }
  }

  it('keeps 200 when some data came back, or the database error is of another kind', async () => {
    for (const async of [false, true]) {
      for (const query of ['{ busy ok }', '{ broken }', '{ ok }']) {
        const res = await statusFor(query, async);
        expect(res.status, `${query} (${async ? 'async' : 'sync'})`).toBe(200);
        expect(res.headers['retry-after']).toBeUndefined();
      }
    }
  });
});
