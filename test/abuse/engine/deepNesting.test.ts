import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createEngine, ErrorCode, type Engine } from '../../../src/engine/index.js';

// graphql-js parses and coerces recursively: nesting deep enough overflows the stack. Every such
// document or variables value must be a request error with a stable code, never a crash.
const schema = buildSchema(`
  type Query { node: Node list(x: [[Int]]): Int input(o: In): Int }
  type Node { node: Node id: ID }
  input In { i: In v: Int l: [In] }
`);

/** The codes of a request's errors, whether preparing or executing refused it. */
async function codesOf(
  engine: Engine,
  query: string,
  variables?: Record<string, unknown>,
): Promise<unknown[]> {
  const prepared = engine.prepare(query);
  const body = prepared.ok ? (await prepared.execute({ variables })).body : prepared.body;
  const parsed = JSON.parse(String(body)) as {
    errors?: Array<{ extensions?: { code?: unknown } }>;
  };
  return (parsed.errors ?? []).map((error) => error.extensions?.code);
}

const DOCUMENTS = {
  selections: (n: number) => '{' + 'node{'.repeat(n) + 'id' + '}'.repeat(n) + '}',
  'list literals': (n: number) => '{list(x:' + '['.repeat(n) + ']'.repeat(n) + ')}',
  'object literals': (n: number) => '{input(o:' + '{i:'.repeat(n) + '{v:1}' + '}'.repeat(n) + ')}',
  'inline fragments': (n: number) => '{' + '...{'.repeat(n) + 'node{id}' + '}'.repeat(n) + '}',
  'variable default values': (n: number) =>
    'query($x:[[Int]]=' + '['.repeat(n) + ']'.repeat(n) + '){list(x:$x)}',
};

function nestedInput(levels: number, cyclic = false): Record<string, unknown> {
  let value: Record<string, unknown> = { v: 1 };
  const innermost = value;
  for (let i = 0; i < levels; i++) value = i % 2 ? { i: value } : { l: [value] };
  if (cyclic) innermost['i'] = value;
  return value;
}

describe('deeply nested documents', () => {
  const roomy = createEngine({ schema, maxDocumentBytes: 10_000_000, maxTokens: 10_000_000 });

  for (const [kind, make] of Object.entries(DOCUMENTS)) {
    for (const n of [10_000, 100_000]) {
      it(`refuses ${kind} nested ${n} deep with MAX_DEPTH_EXCEEDED`, async () => {
        expect(await codesOf(roomy, make(n))).toEqual([ErrorCode.MAX_DEPTH_EXCEEDED]);
      });
    }
    it(`refuses ${kind} nested 100,000 deep under the default limits with a 4xx-class code`, async () => {
      const codes = await codesOf(createEngine({ schema }), make(100_000));
      expect(codes).toHaveLength(1);
      expect([
        ErrorCode.MAX_DOCUMENT_SIZE_EXCEEDED,
        ErrorCode.MAX_DEPTH_EXCEEDED,
        ErrorCode.MAX_TOKENS_EXCEEDED,
      ]).toContain(codes[0]);
    });
  }

  it('does not count brackets inside strings, block strings and comments', async () => {
    const engine = createEngine({ schema, maxDepth: 5 });
    const text = '{'.repeat(5000);
    const query = `# ${text}
      query ($x: [[Int]] = [[1]]) { list(x: $x) node { id } }
      fragment F on Query { input(o: { v: 1, s: "${text} \\" ${text}" }) }`;
    // Validation refuses the unused fragment and unknown field: parsing got that far.
    const blockQuery = `{ node { id } } fragment F on Query { list(x: """ ${text} \\""" ${text} """) }`;
    expect(await codesOf(engine, query)).not.toContain(ErrorCode.MAX_DEPTH_EXCEEDED);
    expect(await codesOf(engine, blockQuery)).not.toContain(ErrorCode.MAX_DEPTH_EXCEEDED);
    expect(await codesOf(engine, query)).not.toContain(ErrorCode.GRAPHQL_PARSE_FAILED);
    expect(await codesOf(engine, blockQuery)).not.toContain(ErrorCode.GRAPHQL_PARSE_FAILED);
  });

  it('runs legal nesting up to the limits', async () => {
    const engine = createEngine({ schema });
    // maxDepth (20) fields, each behind an inline fragment, with a 30-deep list literal.
    const selections = '{' + '... on Query { node {'.repeat(1) + '... on Node { node {'.repeat(18);
    const closing = '} }'.repeat(19) + '}';
    const query = `${selections} id ${closing}`;
    expect(await codesOf(engine, query)).toEqual([]);
    const lists = '{ list(x: ' + '['.repeat(30) + ']'.repeat(30) + ') }';
    // A list 30 deep is not a [[Int]]: validation, not a depth limit, refuses it.
    expect(await codesOf(engine, lists)).toEqual([ErrorCode.GRAPHQL_VALIDATION_FAILED]);
    const objects = '{ input(o: ' + '{ i: '.repeat(30) + '{ v: 1 }' + ' }'.repeat(30) + ') }';
    expect(await codesOf(engine, objects)).toEqual([]);
    const variables = 'query ($o: In) { input(o: $o) }';
    // 31 deep: ten lists in objects, ten objects, the innermost object.
    expect(await codesOf(engine, variables, { o: nestedInput(20) })).toEqual([]);
  });
});

describe('deeply nested variables', () => {
  const query = 'query ($o: In) { input(o: $o) }';

  for (const n of [10_000, 100_000]) {
    it(`refuses a variable nested ${n} deep with MAX_INPUT_DEPTH_EXCEEDED`, async () => {
      const engine = createEngine({ schema, maxVariablesBytes: Number.MAX_SAFE_INTEGER });
      expect(await codesOf(engine, query, { o: nestedInput(n) })).toEqual([
        ErrorCode.MAX_INPUT_DEPTH_EXCEEDED,
      ]);
    });
  }

  it('ends the walk of a cyclic value (a JavaScript caller can pass one)', async () => {
    const engine = createEngine({ schema });
    expect(await codesOf(engine, query, { o: nestedInput(3, true) })).toEqual([
      ErrorCode.MAX_INPUT_DEPTH_EXCEEDED,
    ]);
  });

  it('applies maxInputDepth as configured, counting lists and objects', async () => {
    const engine = createEngine({ schema, maxInputDepth: 4 });
    // { l: [ { i: { v } } ] } is 4 deep: the value, the list, the item, the inner object.
    expect(await codesOf(engine, query, { o: { l: [{ i: { v: 1 } }] } })).toEqual([]);
    expect(await codesOf(engine, query, { o: { l: [{ i: { i: { v: 1 } } }] } })).toEqual([
      ErrorCode.MAX_INPUT_DEPTH_EXCEEDED,
    ]);
  });

  it('refuses variables larger than maxVariablesBytes, measured as JSON', async () => {
    const engine = createEngine({ schema, maxVariablesBytes: 1000 });
    const small = { o: { l: Array.from({ length: 10 }, () => ({ v: 1 })) } };
    expect(await codesOf(engine, query, small)).toEqual([]);
    const large = { o: { l: Array.from({ length: 200 }, () => ({ v: 1 })) } };
    expect(JSON.stringify(large).length).toBeGreaterThan(1000);
    expect(await codesOf(engine, query, large)).toEqual([ErrorCode.MAX_VARIABLES_SIZE_EXCEEDED]);
    // A variable the operation does not declare still counts: it arrives with the request.
    const padded = { o: { v: 1 }, pad: 'x'.repeat(2000) };
    expect(await codesOf(engine, query, padded)).toEqual([ErrorCode.MAX_VARIABLES_SIZE_EXCEEDED]);
  });

  it('refuses a sparse array by its length, without visiting a billion holes', async () => {
    const engine = createEngine({ schema });
    const holes = new Array<unknown>(1_000_000_000);
    expect(await codesOf(engine, query, { o: { l: holes } })).toEqual([
      ErrorCode.MAX_VARIABLES_SIZE_EXCEEDED,
    ]);
  });
});
