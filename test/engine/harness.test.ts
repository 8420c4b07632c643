import {
  buildSchema,
  execute as graphqlExecute,
  GraphQLError,
  parse,
  type ExecutionArgs,
  type ExecutionResult,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  expectSameAs,
  type DiffFixture,
  type Implementation,
} from './support/expectSameAsGraphQLJS.js';
import { later } from './support/timing.js';

// The harness must be able to fail: each test below hands it a deliberately broken executor
// (graphql-js plus one mutation) and checks that the difference is caught.

const schema = buildSchema(`
  scalar Instant
  type Query {
    a: String
    b: String
    when: Instant
    boom: String
    boom2: String
    greet(name: String): String
    slow: String
    items: [String]
  }
`);

const rootValue = {
  a: 'A',
  b: 'B',
  when: new Date(Date.UTC(2024, 0, 2)),
  boom: () => {
    throw new Error('boom');
  },
  boom2: () => {
    throw new Error('boom2');
  },
  greet: ({ name }: { name?: string }) => `hello ${name ?? 'nobody'}`,
  slow: () => later(2, 'slow'),
  items: () => ['x', new Error('item')],
};
const instantSchema = buildSchema('scalar Instant type Query { when: Instant }');

const base = { schema, rootValue };
type Result = ExecutionResult;

/** graphql-js with `change` applied to each result of `execute` (and to the JSON path). */
function broken(
  change: (result: Result, args: ExecutionArgs) => unknown,
  json: (result: Result, args: ExecutionArgs) => unknown = (r, args) =>
    JSON.stringify(change(r, args)),
): Implementation {
  const run = (args: ExecutionArgs, then: (r: Result) => unknown) => {
    const result = graphqlExecute(args);
    return result instanceof Promise ? result.then(then) : then(result);
  };
  return {
    name: 'broken',
    execute: (args) => run(args, (r) => change(r, args)),
    executeJSON: (args) => run(args, (r) => json(r, args)),
  };
}

const honest = broken((r) => r);

function expectCaught(implementation: Implementation, fixture: DiffFixture) {
  // The message names the broken implementation: a crash of the harness itself would not match.
  return expect(expectSameAs(implementation, fixture)).rejects.toThrow(/^broken, |^lenient, /);
}

describe('the differential harness', () => {
  it('accepts graphql-js itself', async () => {
    await expectSameAs(honest, { ...base, query: '{ b a boom when greet(name: "x") }' });
    await expectSameAs(honest, { ...base, query: '{ slow a }' });
  });

  it('rejects reordered keys', async () => {
    const reversed = broken((r) => ({
      ...r,
      data: Object.fromEntries(Object.entries(r.data ?? {}).reverse()),
    }));
    await expectCaught(reversed, { ...base, query: '{ a b }' });
  });

  it('rejects a promise where graphql-js is synchronous, on either entry point', async () => {
    const asyncExecute: Implementation = {
      ...honest,
      execute: (args) => Promise.resolve(graphqlExecute(args)),
    };
    await expectCaught(asyncExecute, { ...base, query: '{ a }' });
    const asyncJSON: Implementation = {
      ...honest,
      executeJSON: async (args) => JSON.stringify(await graphqlExecute(args)),
    };
    await expectCaught(asyncJSON, { ...base, query: '{ a }' });
  });

  it('rejects JSON text that differs only in spacing', async () => {
    await expectCaught(
      broken(
        (r) => r,
        (r) => JSON.stringify(r, null, 1),
      ),
      { ...base, query: '{ a }' },
    );
  });

  it('rejects a changed error message, lost locations, a changed path, added extensions', async () => {
    const mapErrors = (f: (e: GraphQLError) => GraphQLError) =>
      broken((r) => ({ ...r, ...(r.errors ? { errors: r.errors.map(f) } : {}) }));
    const fixture = { ...base, query: '{ a boom items }' };
    await expectCaught(
      mapErrors(
        (e) => new GraphQLError(`${e.message}.`, { nodes: e.nodes ?? null, path: e.path ?? null }),
      ),
      fixture,
    );
    await expectCaught(
      mapErrors(
        (e) =>
          new GraphQLError(e.message, {
            path: e.path ?? null,
            originalError: e.originalError ?? null,
          }),
      ),
      fixture,
    );
    await expectCaught(
      mapErrors(
        (e) =>
          new GraphQLError(e.message, {
            nodes: e.nodes ?? null,
            path: (e.path ?? []).map(String),
            originalError: e.originalError ?? null,
          }),
      ),
      fixture,
    );
    await expectCaught(
      mapErrors(
        (e) =>
          new GraphQLError(e.message, {
            nodes: e.nodes ?? null,
            path: e.path ?? null,
            originalError: e.originalError ?? null,
            extensions: { code: 'X' },
          }),
      ),
      fixture,
    );
  });

  it('rejects an error whose originalError has another class (invisible in JSON)', async () => {
    class Mine extends Error {}
    const swapped = broken((r) => ({
      ...r,
      errors: (r.errors ?? []).map(
        (e) =>
          new GraphQLError(e.message, {
            nodes: e.nodes ?? null,
            path: e.path ?? null,
            originalError: new Mine(e.message),
          }),
      ),
    }));
    await expectCaught(swapped, { ...base, query: '{ boom }' });
  });

  it('rejects errors in another order', async () => {
    await expectCaught(
      broken((r) => ({ ...r, errors: [...(r.errors ?? [])].reverse() })),
      { ...base, query: '{ boom boom2 }' },
    );
  });

  it('rejects a Date turned into a string, though the JSON is the same', async () => {
    const stringified = broken((r) => JSON.parse(JSON.stringify(r)));
    await expectCaught(stringified, { schema: instantSchema, rootValue, query: '{ when }' });
  });

  it('rejects an extra key holding undefined, though the JSON is the same', async () => {
    await expectCaught(
      broken((r) => ({ ...r, extensions: undefined })),
      { ...base, query: '{ a }' },
    );
  });

  it('rejects a plan cache that ignores new variable values on the same document', async () => {
    const memo = new WeakMap<object, Result>();
    const stale = broken((r, args) => {
      const seen = memo.get(args.document);
      if (seen) return seen;
      memo.set(args.document, r);
      return r;
    });
    const document = parse('query ($n: String) { greet(name: $n) }');
    await expectSameAs(stale, { ...base, document, variableValues: { n: 'one' } });
    await expect(
      expectSameAs(stale, { ...base, document, variableValues: { n: 'two' } }),
    ).rejects.toThrow(/^broken, first run: execute/);
  });

  it('rejects an executor that is wrong only on a cache hit, or only on a new document object', async () => {
    const seen = new WeakSet<object>();
    const wrongOnHit = broken((r, args) => {
      if (!seen.has(args.document)) {
        seen.add(args.document);
        return r;
      }
      return { data: null };
    });
    await expectCaught(wrongOnHit, { ...base, query: '{ a }' });

    const texts = new Map<string, object>();
    const wrongOnNewObject = broken((r, args) => {
      const text = args.document.loc?.source.body ?? '';
      const first = texts.get(text) ?? args.document;
      texts.set(text, first);
      return first === args.document ? r : { data: null };
    });
    await expectCaught(wrongOnNewObject, { ...base, query: '{ b }' });
  });

  it('rejects a throw where graphql-js returns, and a return where it throws', async () => {
    const throws = broken(() => {
      throw new Error('nope');
    });
    await expectCaught(throws, { ...base, query: '{ a }' });
    const neverThrows: Implementation = {
      name: 'lenient',
      execute: (args) => (args.document ? graphqlExecute(args) : { data: null }),
      executeJSON: (args) =>
        args.document ? JSON.stringify(graphqlExecute(args)) : '{"data":null}',
    };
    await expectCaught(neverThrows, { ...base });
  });

  it('rejects calling resolvers a different number of times (the log differs)', async () => {
    const twice = broken((r, args) => {
      graphqlExecute(args);
      return r;
    });
    await expectCaught(twice, (log) => ({
      schema,
      rootValue: { a: () => (log.push('a'), 'A') },
      query: '{ a }',
    }));
  });

  it('rejects errors appended after the result was returned (with settle)', async () => {
    const late = broken((r) => {
      const errors = [...(r.errors ?? [])];
      void later(3, null).then(() => errors.push(new GraphQLError('late')));
      return { errors, data: r.data };
    });
    await expect(expectSameAs(late, { ...base, query: '{ a }' }, { settle: true })).rejects.toThrow(
      /changed after it was returned/,
    );
  });

  it('refuses fixtures that are not deterministic or whose document is invalid', async () => {
    let calls = 0;
    await expect(
      expectSameAs(honest, { schema, rootValue: { a: () => String(calls++) }, query: '{ a }' }),
    ).rejects.toThrow(/not deterministic/);
    await expect(expectSameAs(honest, { ...base, query: '{ nope }' })).rejects.toThrow(
      /document is invalid/,
    );
  });
});
