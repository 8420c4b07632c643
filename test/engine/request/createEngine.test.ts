import { buildSchema, GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  createEngine,
  ErrorCode,
  type PreparedOperation,
  type PrepareResult,
} from '../../../src/engine/index.js';

const schema = buildSchema(`
  type Query {
    hello(name: String): String
    boom: String
    oops: String
    items(first: Int): [Item!]!
    item: Item
  }
  type Item { id: ID! name: String child: Item items(first: Int): [Item!]! }
  type Mutation { touch: Int }
`);
const rootValue = {
  hello: ({ name }: { name?: string }) => `hello ${name ?? 'world'}`,
  boom: () => {
    throw new Error('database password is hunter2');
  },
  oops: () => {
    throw new GraphQLError('Not allowed', { extensions: { code: 'FORBIDDEN' } });
  },
  items: ({ first }: { first?: number }) =>
    Array.from({ length: first ?? 2 }, (_, i) => ({ id: i })),
};

function prepared(result: PrepareResult): PreparedOperation {
  if (!result.ok) throw new Error(`expected a prepared operation, got ${result.body}`);
  return result;
}

function failureCodes(result: PrepareResult): unknown[] {
  if (result.ok) throw new Error('expected a failure');
  return (
    JSON.parse(result.body) as { errors: Array<{ extensions?: { code?: unknown } }> }
  ).errors.map((error) => error.extensions?.code);
}

async function run(
  engine: ReturnType<typeof createEngine>,
  query: string,
  variables?: Record<string, unknown>,
) {
  const outcome = await prepared(engine.prepare(query)).execute({ variables, rootValue });
  return { ...outcome, json: JSON.parse(outcome.body) as Record<string, unknown> };
}

describe('createEngine', () => {
  it('answers a query as JSON text', async () => {
    const engine = createEngine({ schema });
    const result = await run(engine, 'query ($n: String) { hello(name: $n) }', { n: 'Ada' });
    expect(result.body).toBe('{"data":{"hello":"hello Ada"}}');
    expect(result.hasData).toBe(true);
    expect(result.errorCount).toBe(0);
  });

  it('parses and validates a document once, then serves it from the cache', () => {
    const engine = createEngine({ schema });
    const first = prepared(engine.prepare('{ hello }'));
    const second = prepared(engine.prepare('{ hello }'));
    expect(first.cached).toBe(false);
    expect(second.cached).toBe(true);
    expect(second.document).toBe(first.document);
    expect(second.timings).toEqual({ parse: 0, validate: 0, plan: 0 });
    expect(engine.stats()).toMatchObject({
      planCacheHits: 1,
      planCacheMisses: 1,
      planCacheSize: 1,
    });
  });

  it('evicts the least recently used document when the cache is full', () => {
    const engine = createEngine({ schema, planCacheSize: 2 });
    engine.prepare('{ a: hello }');
    engine.prepare('{ b: hello }');
    engine.prepare('{ a: hello }');
    engine.prepare('{ c: hello }'); // evicts b
    expect(prepared(engine.prepare('{ a: hello }')).cached).toBe(true);
    expect(prepared(engine.prepare('{ b: hello }')).cached).toBe(false);
  });

  it('reports a syntax error with GRAPHQL_PARSE_FAILED', () => {
    const result = createEngine({ schema }).prepare('{ hello');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.phase).toBe('parse');
    expect(failureCodes(result)).toEqual([ErrorCode.GRAPHQL_PARSE_FAILED]);
  });

  it('refuses a document with more tokens than maxTokens', () => {
    const engine = createEngine({ schema, maxTokens: 10 });
    expect(prepared(engine.prepare('{ a: hello b: hello }')).ok).toBe(true);
    expect(failureCodes(engine.prepare('{ a: hello b: hello c: hello d: hello }'))).toEqual([
      ErrorCode.MAX_TOKENS_EXCEEDED,
    ]);
  });

  it('reports validation errors with GRAPHQL_VALIDATION_FAILED, and hides suggestions when asked', () => {
    const shown = createEngine({ schema }).prepare('{ helo }');
    expect(failureCodes(shown)).toEqual([ErrorCode.GRAPHQL_VALIDATION_FAILED]);
    expect(!shown.ok && shown.errors[0]?.message).toContain('Did you mean "hello"?');
    const hidden = createEngine({ schema, hideSuggestions: true }).prepare('{ helo }');
    expect(!hidden.ok && hidden.errors[0]?.message).toBe(
      'Cannot query field "helo" on type "Query".',
    );
  });

  it('refuses documents nested deeper than maxDepth, counting fragments where they are spread', () => {
    const engine = createEngine({ schema, maxDepth: 3 });
    expect(prepared(engine.prepare('{ item { child { id } } }')).ok).toBe(true);
    expect(failureCodes(engine.prepare('{ item { child { child { id } } } }'))).toEqual([
      ErrorCode.MAX_DEPTH_EXCEEDED,
    ]);
    expect(
      failureCodes(
        engine.prepare('{ item { ...F } } fragment F on Item { child { child { id } } }'),
      ),
    ).toEqual([ErrorCode.MAX_DEPTH_EXCEEDED]);
  });

  it('refuses more aliases than maxAliases', () => {
    const engine = createEngine({ schema, maxAliases: 2 });
    expect(prepared(engine.prepare('{ a: hello b: hello }')).ok).toBe(true);
    expect(failureCodes(engine.prepare('{ a: hello b: hello c: hello }'))).toEqual([
      ErrorCode.MAX_ALIASES_EXCEEDED,
    ]);
  });

  it('counts the aliases of a fragment once for every place it is spread', () => {
    const engine = createEngine({ schema, maxAliases: 3 });
    const bomb = '{ item { ...F child { ...F } } } fragment F on Item { a: id b: id }';
    expect(failureCodes(engine.prepare(bomb))).toEqual([ErrorCode.MAX_ALIASES_EXCEEDED]);
  });

  it('measures exponential fragment spreading without expanding it', () => {
    // 2^31 aliases when expanded: measured fragment by fragment, this returns at once (expanding
    // it would not finish within the test timeout).
    const fragments = Array.from(
      { length: 30 },
      (_, i) => `fragment F${i} on Item { ...F${i + 1} child { ...F${i + 1} } }`,
    ).join('\n');
    const query = `{ item { ...F0 } } ${fragments} fragment F30 on Item { a: id }`;
    const result = createEngine({ schema, maxAliases: 1000, maxDepth: 100 }).prepare(query);
    expect(failureCodes(result)).toEqual([ErrorCode.MAX_ALIASES_EXCEEDED]);
  });

  it('refuses more directives than maxDirectives', () => {
    const engine = createEngine({ schema, maxDirectives: 1 });
    expect(prepared(engine.prepare('{ hello @include(if: true) }')).ok).toBe(true);
    expect(failureCodes(engine.prepare('{ hello @include(if: true) @skip(if: false) }'))).toEqual([
      ErrorCode.MAX_DIRECTIVES_EXCEEDED,
    ]);
  });

  it('refuses introspection when it is switched off, but not __typename', () => {
    const engine = createEngine({ schema, introspection: false });
    expect(prepared(engine.prepare('{ __typename }')).ok).toBe(true);
    expect(failureCodes(engine.prepare('{ __schema { types { name } } }'))).toEqual([
      ErrorCode.INTROSPECTION_DISABLED,
    ]);
    expect(failureCodes(engine.prepare('{ __type(name: "Item") { name } }'))).toEqual([
      ErrorCode.INTROSPECTION_DISABLED,
    ]);
  });

  it('refuses an operation whose estimated cost is above maxCost, with literal and variable list sizes', async () => {
    const engine = createEngine({ schema, maxCost: 100 });
    // 1 + 5 * (1 + 1) = 11
    expect((await run(engine, '{ items(first: 5) { id name } }')).hasData).toBe(true);
    // 1 + 50 * (1 + 1) = 101
    const literal = await run(engine, '{ items(first: 50) { id name } }');
    expect(literal.hasData).toBe(false);
    expect(literal.json).toMatchObject({
      errors: [{ extensions: { code: ErrorCode.COST_LIMIT_EXCEEDED } }],
    });
    const query = 'query ($n: Int) { items(first: $n) { id name } }';
    expect((await run(engine, query, { n: 5 })).hasData).toBe(true);
    const variable = await run(engine, query, { n: 5000 });
    expect(variable.hasData).toBe(false);
    expect(variable.json).toMatchObject({
      errors: [{ extensions: { code: ErrorCode.COST_LIMIT_EXCEEDED } }],
    });
    // Nested lists multiply: 1 + 10 * (1 + 10 * 1) = 111 with the default list size.
    expect((await run(engine, '{ items { items { id } } }')).hasData).toBe(false);
  });

  it('picks the operation by name, with a code for each way that can fail', () => {
    const engine = createEngine({ schema });
    const doc = 'query A { hello } query B { hello }';
    expect(prepared(engine.prepare(doc, 'B')).operationName).toBe('B');
    expect(failureCodes(engine.prepare(doc))).toEqual([ErrorCode.OPERATION_RESOLUTION_FAILURE]);
    expect(failureCodes(engine.prepare(doc, 'C'))).toEqual([
      ErrorCode.OPERATION_RESOLUTION_FAILURE,
    ]);
    expect(prepared(engine.prepare('mutation { touch }')).operationType).toBe('mutation');
  });

  it('gives variable coercion errors BAD_USER_INPUT and no data', async () => {
    const engine = createEngine({ schema });
    const result = await run(engine, 'query ($n: String!) { hello(name: $n) }', { n: 3 });
    expect(result.hasData).toBe(false);
    expect(result.json).toEqual({
      errors: [
        {
          message:
            'Variable "$n" got invalid value 3; String cannot represent a non string value: 3',
          locations: [{ line: 1, column: 8 }],
          extensions: { code: ErrorCode.BAD_USER_INPUT },
        },
      ],
    });
  });

  it('masks unexpected resolver errors when asked, logs them in full, and keeps deliberate ones', async () => {
    const logged: string[] = [];
    const engine = createEngine({
      schema,
      maskErrors: true,
      onUnexpectedError: (error) => logged.push(error.message),
    });
    const result = await run(engine, '{ boom oops hello }');
    expect(result.json).toEqual({
      errors: [
        {
          message: 'Unexpected error.',
          locations: [{ line: 1, column: 3 }],
          path: ['boom'],
          extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR },
        },
        {
          message: 'Not allowed',
          locations: [{ line: 1, column: 8 }],
          path: ['oops'],
          extensions: { code: 'FORBIDDEN' },
        },
      ],
      data: { boom: null, oops: null, hello: 'hello world' },
    });
    expect(logged).toEqual(['database password is hunter2']);
  });

  it('keeps the message of unexpected errors when not masking, with INTERNAL_SERVER_ERROR', async () => {
    const result = await run(createEngine({ schema }), '{ boom }');
    expect(result.json).toMatchObject({
      errors: [
        {
          message: 'database password is hunter2',
          extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR },
        },
      ],
    });
  });
});
