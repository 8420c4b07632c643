import { expect, it } from 'vitest';
import { createEngine, makeSchema } from '../engine/index.js';
import { createHandler } from './createHandler.js';
import { send } from './__fixtures__/testServer.js';

/**
 * Read-your-writes across single flight: a read that starts after a mutation's response came
 * back must not be given the answer of an execution that started before that mutation.
 */
it('a request arriving after an invalidation does not join a flight started before it', async () => {
  let value = 0;
  let release: () => void = () => {};
  const gate = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  const schema = makeSchema({
    typeDefs: /* GraphQL */ `
      type Query {
        value: Int!
      }
      type Mutation {
        set(to: Int!): Int!
      }
    `,
    resolvers: {
      Query: {
        value: async () => {
          const snapshot = value; // what a statement's snapshot sees when it starts
          if (first) {
            first = false;
            await gate;
          }
          return snapshot;
        },
      },
      Mutation: { set: (_: unknown, args: { to: number }) => (value = args.to) },
    },
  });
  const engine = createEngine({ schema });
  const handle = createHandler({
    engine,
    csrf: false,
    cache: { fields: { 'Query.value': 60 }, admission: 'all' },
  });
  const before = send(handle, { json: { query: '{ value }' } }); // starts, snapshot 0, held
  await new Promise((resolve) => setImmediate(resolve));
  const written = await send(handle, { json: { query: 'mutation { set(to: 1) }' } });
  expect(written.json).toEqual({ data: { set: 1 } });
  // The client saw its write commit; its next read must see it.
  const after = send(handle, { json: { query: '{ value }' } });
  await new Promise((resolve) => setImmediate(resolve));
  release();
  expect((await before).json).toEqual({ data: { value: 0 } });
  const answer = await after;
  expect(answer.json).toEqual({ data: { value: 1 } });
});
