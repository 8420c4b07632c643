import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS, type DiffArgs } from '../support/expectSameAsGraphQLJS.js';

// Spec §3.10 Input Objects (input coercion, @oneOf) and §6.1.2 CoerceVariableValues: the corners
// of coercing variables that a compiled coercer may take differently from graphql-js.
const schema = buildSchema(`
  enum Size { S M L }
  input Point { x: Int! y: Int! = 0 }
  input Box {
    name: String = "box"
    corner: Point = { x: 1, y: 2 }
    points: [Point!] = [{ x: 0 }]
    size: Size = M
    tags: [String!]
  }
  input Ref @oneOf { id: ID name: String size: Size }
  type Query {
    box(b: Box): String
    ref(r: Ref!): String
    scalars(i: Int, f: Float, b: Boolean, id: ID, s: String): String
  }
`);

function run(query: string, variableValues: Record<string, unknown>) {
  return (log: unknown[]): DiffArgs => {
    const echo = (args: unknown) => (log.push(args), JSON.stringify(args));
    return { schema, rootValue: { box: echo, ref: echo, scalars: echo }, query, variableValues };
  };
}

const box = 'query ($b: Box) { box(b: $b) }';
const defaulted = `query (
  $b: Box = { name: "default", points: [{ x: 5 }] }
  $p: Point = { x: 9 }
  $tags: [String!] = ["t"]
) {
  a: box(b: $b)
  b: box(b: { corner: $p, tags: $tags })
}`;

describe('input coercion of variables', () => {
  it('fills input object defaults, nested ones too, and treats undefined fields as absent', async () => {
    await expectSameAsGraphQLJS(run(box, { b: {} }));
    await expectSameAsGraphQLJS(
      run(box, { b: { name: undefined, corner: undefined, points: [{ x: 3, y: undefined }] } }),
    );
    await expectSameAsGraphQLJS(
      run(box, { b: { name: null, corner: null, size: 'L', tags: 'single' } }),
    );
  });

  it('uses variable definition defaults (objects and lists), and null when null is given', async () => {
    await expectSameAsGraphQLJS(run(defaulted, {}));
    await expectSameAsGraphQLJS(run(defaulted, { b: null, p: { x: 4, y: 4 }, tags: null }));
    await expectSameAsGraphQLJS(run(defaulted, { b: { name: 'given' }, p: null }));
  });

  it('rejects objects that are not plain input objects, with graphql-js messages', async () => {
    const report = await expectSameAsGraphQLJS(
      run(
        'query ($a: Box, $b: Box, $c: Box, $d: Box) { a: box(b: $a) b: box(b: $b) c: box(b: $c) d: box(b: $d) }',
        {
          a: [{ name: 'in a list' }],
          b: new Map([['name', 'map']]),
          c: { corner: { y: 1 } },
          d: { points: [{ x: 1 }, null, { x: '2' }], tags: [null], size: 'XL' },
        },
      ),
    );
    expect(report.result?.errors?.length).toBeGreaterThan(4);
  });

  it('coerces @oneOf input objects: exactly one field, not null', async () => {
    const ref = 'query ($r: Ref!) { ref(r: $r) }';
    for (const r of [
      { id: 7 },
      { size: 'S' },
      { id: 1, name: 'two' },
      { name: null },
      {},
      { id: undefined, name: 'x' },
    ]) {
      await expectSameAsGraphQLJS(run(ref, { r }));
    }
  });

  it('rejects JavaScript values the built-in scalars do not accept', async () => {
    const query =
      'query ($i: Int, $f: Float, $b: Boolean, $id: ID, $s: String) { scalars(i: $i, f: $f, b: $b, id: $id, s: $s) }';
    await expectSameAsGraphQLJS(run(query, { i: 1n, f: '1.5', b: 0, id: 1.5, s: Symbol('s') }));
    await expectSameAsGraphQLJS(run(query, { i: 1.0, f: 1, b: true, id: -12, s: '' }));
    await expectSameAsGraphQLJS(run(query, { i: -(2 ** 31), f: -0, id: 2 ** 53, s: 'ü' }));
    await expectSameAsGraphQLJS(run(query, { i: 2 ** 31, f: NaN, id: [1], s: ['s'] }));
  });

  it('coerces argument literals the same way (defaults, single values as lists, null, variables inside)', async () => {
    await expectSameAsGraphQLJS(
      run(
        `query ($x: Int!, $s: Size, $n: String) {
          a: box
          b: box(b: null)
          c: box(b: { points: { x: 1 }, tags: "one", size: L })
          d: box(b: { corner: { x: $x }, points: [{ x: $x, y: $x }], size: $s, name: $n })
          e: ref(r: { size: S })
          f: scalars(i: -0, f: 1e3, b: false, id: 12, s: "\\u00e9\\n")
        }`,
        { x: 3 },
      ),
    );
    await expectSameAsGraphQLJS(
      run(
        'query ($x: Int!, $s: Size, $n: String) { box(b: { corner: { x: $x }, size: $s, name: $n }) }',
        {
          x: 4,
          s: 'S',
          n: null,
        },
      ),
    );
  });
});
