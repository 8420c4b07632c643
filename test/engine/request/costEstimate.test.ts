import { buildSchema, getIntrospectionQuery, type GraphQLSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createEngine, ErrorCode, type PreparedOperation } from '../../../src/engine/index.js';

// The estimate: every field costs 1 and the selections under a list count once per expected item.
// A test reads the estimate back from the error a limit just below it gives.
const schema = buildSchema(`
  type Query {
    items(first: Int, last: Int, limit: Int): [Item!]!
    defaulted(first: Int = 30): [Item!]!
    sized(page: Int, size: Int = 7): [Item!]!
    assumed: [Item!]!
    connection(first: Int, after: String): ItemConnection!
    item: Item
  }
  type Item { id: ID! name: String items(first: Int): [Item!]! }
  type ItemConnection { totalCount: Int! nodes: [Item!]! edges: [ItemEdge!]! pageInfo: PageInfo! }
  type ItemEdge { cursor: String! node: Item! }
  type PageInfo { hasNextPage: Boolean! }
`);

function declareListSize(target: GraphQLSchema, field: string, listSize: unknown): void {
  target.getQueryType()!.getFields()[field]!.extensions = { sluice: { listSize } };
}
declareListSize(schema, 'sized', { slicingArguments: ['page', 'size'] });
declareListSize(schema, 'assumed', { assumedSize: 3 });
declareListSize(schema, 'connection', {
  slicingArguments: ['first'],
  assumedSize: 50,
  sizedFields: ['nodes', 'edges'],
});

/** The estimated cost of a request: 0 when it runs under maxCost 0 (never), else the figure. */
async function costOf(query: string, variables?: Record<string, unknown>): Promise<number> {
  const engine = createEngine({ schema, maxCost: 0 });
  const prepared = engine.prepare(query) as PreparedOperation;
  if (!prepared.ok) throw new Error((prepared as unknown as { body: string }).body);
  const outcome = await prepared.execute({ variables });
  const body = JSON.parse(outcome.body) as {
    errors: Array<{ message: string; extensions: { code: string } }>;
  };
  expect(body.errors[0]!.extensions.code).toBe(ErrorCode.COST_LIMIT_EXCEEDED);
  return Number(/^Query cost of (\d+) /.exec(body.errors[0]!.message)![1]);
}

describe('the cost estimate', () => {
  it('sizes lists by first, last or limit, literal or variable, else 10', async () => {
    expect(await costOf('{ items(first: 5) { id name } }')).toBe(1 + 5 * 2);
    expect(await costOf('{ items(last: 4) { id } }')).toBe(1 + 4);
    expect(await costOf('{ items(limit: 3) { id } }')).toBe(1 + 3);
    expect(await costOf('{ items { id } }')).toBe(1 + 10);
    expect(await costOf('query ($n: Int) { items(first: $n) { id } }', { n: 6 })).toBe(1 + 6);
    expect(await costOf('query ($n: Int) { items(first: $n) { id } }')).toBe(1 + 10);
    expect(await costOf('{ items { items(first: 2) { id } } }')).toBe(1 + 10 * (1 + 2));
  });

  it("reads a variable's default value when the request leaves it out", async () => {
    const query = 'query ($n: Int = 40) { items(first: $n) { id } }';
    expect(await costOf(query)).toBe(1 + 40);
    expect(await costOf(query, { n: 2 })).toBe(1 + 2);
  });

  it("falls back to the size argument's schema default value", async () => {
    expect(await costOf('{ defaulted { id } }')).toBe(1 + 30);
    expect(await costOf('{ defaulted(first: 2) { id } }')).toBe(1 + 2);
    expect(await costOf('query ($n: Int) { defaulted(first: $n) { id } }')).toBe(1 + 30);
  });

  it('honours slicing arguments declared by the schema, then their default, then 10', async () => {
    expect(await costOf('{ sized(page: 4) { id } }')).toBe(1 + 4);
    expect(await costOf('{ sized(size: 5) { id } }')).toBe(1 + 5);
    expect(await costOf('{ sized { id } }')).toBe(1 + 7);
    expect(await costOf('query ($p: Int) { sized(page: $p) { id } }', { p: 9 })).toBe(1 + 9);
    expect(await costOf('{ assumed { id } }')).toBe(1 + 3);
  });

  it('applies the size of a connection to its sized fields, not to the connection', async () => {
    expect(await costOf('{ connection(first: 5) { totalCount nodes { id name } } }')).toBe(
      1 + 1 + 1 + 5 * 2,
    );
    expect(
      await costOf(
        'query ($n: Int) { connection(first: $n) { edges { cursor node { id } } pageInfo { hasNextPage } } }',
        { n: 20 },
      ),
    ).toBe(1 + 1 + 20 * (1 + 1 + 1) + 1 + 1);
    expect(await costOf('{ connection { nodes { id } } }')).toBe(1 + 1 + 50 * 1);
    // Through a fragment and an inline fragment, spread under two connections of other sizes.
    const fragments = `{ a: connection(first: 2) { ...C } b: connection(first: 3) { ... on ItemConnection { ...C } } }
      fragment C on ItemConnection { totalCount nodes { id } }`;
    expect(await costOf(fragments)).toBe(1 + 1 + 1 + 2 * 1 + (1 + 1 + 1 + 3 * 1));
  });

  it('multiplies the selections of a fragment where it is spread under a list', async () => {
    const query =
      '{ items(first: 3) { ...F } item { ...F } } fragment F on Item { id items(first: 2) { id } }';
    expect(await costOf(query)).toBe(1 + 3 * (1 + 1 + 2) + 1 + (1 + 1 + 2));
  });

  it('leaves introspection to graphql-js: GraphiQL can introspect, deep nesting is refused', async () => {
    // __schema costs 1, its selections nothing: what it can select is bounded by the schema.
    expect(await costOf('{ __schema { types { fields { name } } } }')).toBe(1);
    const engine = createEngine({ schema, maxCost: 10 });
    const query = getIntrospectionQuery({
      descriptions: true,
      specifiedByUrl: true,
      directiveIsRepeatable: true,
      schemaDescription: true,
      inputValueDeprecation: true,
    });
    const prepared = engine.prepare(query) as PreparedOperation;
    expect((await prepared.execute()).errorCount).toBe(0);
    // MaxIntrospectionDepthRule (one of graphql-js's specified rules) refuses deeper nesting.
    const nested =
      '{ __schema { types { fields { type { fields { type { fields { type { fields { name } } } } } } } } } }';
    const refused = engine.prepare(nested);
    expect(refused.ok ? 'prepared' : JSON.parse(refused.body)).toMatchObject({
      errors: [{ extensions: { code: ErrorCode.GRAPHQL_VALIDATION_FAILED } }],
    });
  });
});
