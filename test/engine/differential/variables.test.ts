import { GraphQLError } from 'graphql';
import { describe, expect, it } from 'vitest';
import { buildSchemaWith } from '../support/buildSchemaWith.js';
import { expectSameAsGraphQLJS, type DiffArgs } from '../support/expectSameAsGraphQLJS.js';

// Spec §6.1.2 CoerceVariableValues and §6.4.1 CoerceArgumentValues: defaults, nulls, and the
// exact error messages graphql-js gives for each way a variable can be wrong.
const schema = buildSchemaWith(
  `
  enum Color { RED GREEN BLUE }
  scalar Strict
  input Point { x: Int! y: Int! = 0 label: String }
  input Shape { name: String! points: [Point!]! color: Color = RED inner: Shape }
  type Query {
    echo(s: String, i: Int, f: Float, b: Boolean, id: ID): String
    shape(input: Shape!): String
    list(xs: [Int]): String
    listNN(xs: [Int!]!): String
    matrix(m: [[Int!]]): String
    color(c: Color): String
    strict(v: Strict): String
    defaulted(s: String = "dflt", n: Int! = 3): String
  }
`,
  {
    // parseValue accepts only strings; it throws a plain Error, a GraphQLError, or returns undefined.
    Strict: { parseValue: parseStrict },
  },
);

/** Where `Counted`'s parseValue logs each value it parses: the current run's log. */
let parsedInto: unknown[] = [];
const counting = buildSchemaWith(
  'scalar Counted type Query { counted(v: Counted): String echo(i: Int): String }',
  {
    Counted: {
      parseValue: (value: unknown) => {
        parsedInto.push(`parse ${String(value)}`);
        return value;
      },
    },
  },
);

function parseStrict(value: unknown): unknown {
  if (value === 'graphql-error') {
    throw new GraphQLError('Strict says no', { extensions: { code: 'STRICT' } });
  }
  if (value === 'undefined') return undefined;
  if (typeof value !== 'string') throw new TypeError(`Strict wants a string, got ${typeof value}`);
  return `<${value}>`;
}

/** Every resolver logs the arguments it received (coerced internal values) and echoes them. */
function fixture(query: string, variableValues?: Record<string, unknown> | null) {
  return (log: unknown[]): DiffArgs => {
    const echo = (args: unknown) => {
      log.push(args);
      return JSON.stringify(args);
    };
    return {
      schema,
      rootValue: Object.fromEntries(
        ['echo', 'shape', 'list', 'listNN', 'matrix', 'color', 'strict', 'defaulted'].map((f) => [
          f,
          echo,
        ]),
      ),
      query,
      ...(variableValues === undefined ? {} : { variableValues }),
    };
  };
}

const scalars =
  'query ($s: String, $i: Int, $f: Float, $b: Boolean, $id: ID) { echo(s: $s, i: $i, f: $f, b: $b, id: $id) }';

describe('variables', () => {
  it('coerces built-in scalars, and leaves out variables that were not given', async () => {
    await expectSameAsGraphQLJS(fixture(scalars, { s: 'x', i: 1, f: 2, b: false, id: 7 }));
    await expectSameAsGraphQLJS(fixture(scalars, { s: null, id: 'abc' }));
    await expectSameAsGraphQLJS(fixture(scalars, {}));
    await expectSameAsGraphQLJS(fixture(scalars, null));
    await expectSameAsGraphQLJS(fixture(scalars));
    await expectSameAsGraphQLJS(fixture(scalars, { unused: 1, i: -0 }));
  });

  it('reports every wrongly typed scalar, in definition order, with graphql-js messages', async () => {
    const report = await expectSameAsGraphQLJS(
      fixture(scalars, { s: 1, i: '1', f: 'NaN', b: 'true', id: true }),
    );
    expect(report.result?.errors).toHaveLength(5);
    expect(report.result && 'data' in report.result).toBe(false);
    await expectSameAsGraphQLJS(fixture(scalars, { i: 2 ** 31, f: Infinity }));
    await expectSameAsGraphQLJS(fixture(scalars, { i: 1.5, s: { toString: () => 'x' } }));
  });

  it('uses variable defaults, argument defaults, and explicit null differently', async () => {
    const query =
      'query ($s: String = "var-default", $n: Int) { a: defaulted(s: $s) b: defaulted(n: $n) c: defaulted }';
    await expectSameAsGraphQLJS(fixture(query, {}));
    await expectSameAsGraphQLJS(fixture(query, { s: null }));
    await expectSameAsGraphQLJS(fixture(query, { s: 'given', n: 9 }));
    // $n is nullable but the argument is Int! with a default: null reaches the argument check.
    const report = await expectSameAsGraphQLJS(fixture(query, { n: null }));
    expect(report.result?.errors?.[0]?.path).toEqual(['b']);
  });

  it('rejects a missing or null non-null variable', async () => {
    const query = 'query ($xs: [Int!]!, $c: Color!) { listNN(xs: $xs) color(c: $c) }';
    await expectSameAsGraphQLJS(fixture(query, {}));
    await expectSameAsGraphQLJS(fixture(query, { xs: null, c: null }));
    await expectSameAsGraphQLJS(fixture(query, { xs: [1, null], c: 'RED' }));
  });

  it('coerces lists: single values, nested lists, wrong items', async () => {
    const query = 'query ($xs: [Int], $m: [[Int!]]) { list(xs: $xs) matrix(m: $m) }';
    await expectSameAsGraphQLJS(fixture(query, { xs: 5, m: 6 }));
    await expectSameAsGraphQLJS(fixture(query, { xs: [1, null, 3], m: [[1], 2, null, []] }));
    await expectSameAsGraphQLJS(fixture(query, { xs: ['a', 2, 'b'], m: [[1, null], ['x']] }));
  });

  it('coerces nested input objects, with defaults, unknown fields and suggestions', async () => {
    const query = 'query ($in: Shape!) { shape(input: $in) }';
    await expectSameAsGraphQLJS(
      fixture(query, {
        in: {
          name: 'tri',
          points: [{ x: 1 }, { x: 2, y: 3, label: null }],
          inner: { name: 'in', points: [] },
        },
      }),
    );
    await expectSameAsGraphQLJS(fixture(query, { in: { points: [{ y: 1 }], nmae: 'x' } }));
    await expectSameAsGraphQLJS(
      fixture(query, {
        in: {
          name: 'x',
          points: [{ x: 'one' }, null],
          inner: { name: 1, points: {} },
          color: 'red',
        },
      }),
    );
    await expectSameAsGraphQLJS(fixture(query, { in: 'not an object' }));
    await expectSameAsGraphQLJS(fixture(query, { in: [{ name: 'listed', points: [] }] }));
  });

  it('hides suggestions when asked to, and stops at maxCoercionErrors', async () => {
    const query = 'query ($in: Shape!) { shape(input: $in) }';
    const wrong = { in: { nmae: 'x', pionts: [], colour: 'RED' } };
    await expectSameAsGraphQLJS(fixture(query, wrong));
    await expectSameAsGraphQLJS((log) => ({
      ...fixture(query, wrong)(log),
      hideSuggestions: true,
    }));
    const many =
      'query ($a: Int, $b: Int, $c: Int, $d: Int) { a: echo(i: $a) b: echo(i: $b) c: echo(i: $c) d: echo(i: $d) }';
    const report = await expectSameAsGraphQLJS((log) => ({
      ...fixture(many, { a: 'x', b: 'y', c: 'z', d: 'w' })(log),
      options: { maxCoercionErrors: 2 },
    }));
    expect(report.result?.errors).toHaveLength(3);
  });

  it('coerces enums by name, and rejects values and near-misses', async () => {
    const query = 'query ($c: Color) { color(c: $c) }';
    await expectSameAsGraphQLJS(fixture(query, { c: 'GREEN' }));
    await expectSameAsGraphQLJS(fixture(query, { c: 'green' }));
    await expectSameAsGraphQLJS(fixture(query, { c: 1 }));
    await expectSameAsGraphQLJS(fixture(query, { c: 'PURPLE' }));
  });

  it('reports a custom scalar parseValue that throws, throws a GraphQLError, or returns undefined', async () => {
    const query = 'query ($v: Strict, $w: Strict) { a: strict(v: $v) b: strict(v: $w) }';
    await expectSameAsGraphQLJS(fixture(query, { v: 'ok', w: null }));
    await expectSameAsGraphQLJS(fixture(query, { v: 12, w: 'graphql-error' }));
    await expectSameAsGraphQLJS(fixture(query, { v: 'undefined' }));
    await expectSameAsGraphQLJS(fixture(query, { v: ['ok'] }));
  });

  it('runs a custom scalar parseValue once per value when a later variable is refused', async () => {
    // From a document's third execution the variables go the quick way first; when that refuses
    // one, graphql-js's coercion reports it, and must not parse the ones before it again.
    const query = 'query ($v: Counted, $i: Int) { a: counted(v: $v) b: echo(i: $i) }';
    for (const variableValues of [{ v: 'x', i: 'not an int' }, { v: 'x', i: 1 }, { v: 'x' }]) {
      const report = await expectSameAsGraphQLJS((log) => {
        parsedInto = log;
        return {
          schema: counting,
          rootValue: { counted: String, echo: String },
          query,
          variableValues,
        };
      });
      expect(report.log.filter((entry) => entry === 'parse x')).toHaveLength(1);
    }
  });

  it('substitutes variables inside list and object literals', async () => {
    const query = `query ($a: Int, $n: String!, $p: Point!, $l: String) {
      list(xs: [1, $a, 3])
      shape(input: { name: $n, points: [$p, { x: 1, y: 2, label: $l }] })
    }`;
    await expectSameAsGraphQLJS(fixture(query, { a: 2, n: 'lit', p: { x: 9 }, l: 'L' }));
    // A missing variable inside a list literal becomes null; inside an object it is left out.
    await expectSameAsGraphQLJS(fixture(query, { n: 'lit', p: { x: 9 } }));
  });

  it('coerces a variable named $__proto__ as any other (an own key, as graphql-js keeps it)', async () => {
    // graphql-js coerces into an object without prototype and spreads it: `__proto__` stays a
    // key. Assigned onto a plain object it sets the prototype instead, and the value is lost.
    const query = 'query ($__proto__: Int = 3) { echo(i: $__proto__) defaulted(n: $__proto__) }';
    const given = await expectSameAsGraphQLJS(fixture(query, JSON.parse('{"__proto__": 5}')));
    expect(given.result?.errors).toBeUndefined();
    const defaulted = await expectSameAsGraphQLJS(fixture(query, {}));
    expect(defaulted.result?.errors).toBeUndefined();
    const skip =
      'query ($__proto__: Boolean!) { a: echo @skip(if: $__proto__) b: echo @include(if: $__proto__) }';
    for (const text of ['{"__proto__": true}', '{"__proto__": false}']) {
      const report = await expectSameAsGraphQLJS(fixture(skip, JSON.parse(text)));
      expect(report.result?.errors).toBeUndefined();
    }
  });

  it('iterates a list given as an array with an iterator of its own, as graphql-js does', async () => {
    // graphql-js coerces lists with Array.from, which follows the array's own iterator.
    class Reversed<T> extends Array<T> {
      override *[Symbol.iterator](): ArrayIterator<T> {
        for (let i = this.length - 1; i >= 0; i--) yield this[i]!;
      }
    }
    const reversed = () => Reversed.from([1, 2, 3]);
    const query = 'query ($xs: [Int], $m: [[Int!]]) { list(xs: $xs) matrix(m: $m) }';
    const report = await expectSameAsGraphQLJS(fixture(query, { xs: reversed(), m: [reversed()] }));
    expect(report.result?.data).toEqual({ list: '{"xs":[3,2,1]}', matrix: '{"m":[[3,2,1]]}' });
  });

  it('rejects variables that are not an object, as graphql-js does (it throws)', async () => {
    const report = await expectSameAsGraphQLJS((log) => ({
      ...fixture(scalars)(log),
      variableValues: '{"i":1}' as never,
    }));
    expect(report.thrown).toBeInstanceOf(Error);
  });
});
