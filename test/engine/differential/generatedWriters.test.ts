import { buildSchema, parse, type GraphQLObjectType, type GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { createExecutor } from '../../../src/engine/index.js';
import { getOperationPlan } from '../../../src/engine/plan/OperationPlan.js';
import { buildSchemaWith } from '../support/buildSchemaWith.js';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { infoSummary } from '../support/infoSummary.js';

// The byte path generates a writer, and the object executor a builder, for objects whose fields
// are all (or begin with) default-read leaves of built-in scalars (compileObjectWriter.ts,
// compileObjectBuilder.ts in src/engine/execution). The harness generates them from a
// selection's first object and runs every case again without them. These cases feed such
// selections every kind of value: the ones generated code takes itself, and the ones it must
// hand back to the interpreter (wrong types, null in non-null fields, throwing getters, methods,
// promises).

const schema = buildSchema(`
  type Query { rows: [Row] strict(case: Int): [Strict!] }
  type Row { id: ID s: String i: Int f: Float b: Boolean }
  type Strict { id: ID! s: String! i: Int! f: Float! b: Boolean! }
`);
// strict(case: n) answers the root's cases[n] (its plain rows without an argument).
schema.getQueryType()!.getFields()['strict']!.resolve = (
  root: { strict: object[]; cases?: object[][] },
  args: { case?: number },
) => (args.case === undefined ? root.strict : root.cases?.[args.case]);

/** Values a writer takes as they are, one per kind. */
const plain = [
  { id: 'r1', s: 'plain', i: 0, f: 0.5, b: true },
  { id: 'r2', s: 'a "quoted" \\ string\n', i: -7, f: -0, b: false },
  { id: 'r3', s: 'émoji 😀 and \u2028', i: 2147483647, f: 1e21, b: false },
  { id: 'r4', s: '', i: -2147483648, f: 123.456, b: true },
  { id: 'r5', s: 'lone \ud800 surrogate', i: 3, f: 5e-7, b: true },
];

/** Values a writer must hand back: each makes graphql-js coerce, serialize or fail. */
const awkward: Record<string, unknown[]> = {
  id: [12, true, null, 1.5, { toString: () => 'object id' }],
  s: [42, true, undefined, () => 'from a method', ['not', 'a', 'string'], Promise.resolve('later')],
  i: [2.5, 2 ** 31, '12', null, () => Promise.resolve(4), NaN],
  f: ['3', NaN, Infinity, { valueOf: () => 2 }, Promise.resolve(1.5)],
  b: ['yes', 0, null, new Error('b is an error'), () => false],
};

/**
 * Objects that are plain but for one field: the writer gets as far as that field. One more per
 * field has a getter there that logs its read and throws (read once, as graphql-js reads it).
 */
function oneAwkwardField(log: unknown[]): object[] {
  const objects: object[] = [];
  for (const [field, values] of Object.entries(awkward)) {
    for (const value of values) objects.push({ ...plain[0], [field]: value });
    objects.push(
      Object.defineProperty({ ...plain[1] }, field, {
        enumerable: true,
        get() {
          log.push(`${field} read`);
          throw new Error(`${field} getter failed`);
        },
      }),
    );
  }
  return objects;
}

const mixed = buildSchema(`
  type Query { posts: [Post!]! }
  type Post { id: ID! title: String likes: Int author: Author! score: Float late: String tag: Tag }
  type Author { name: String! }
  type Tag { label: String }
`);
// author has a resolver (sometimes async, sometimes failing): the writer takes id, title and
// likes, the interpreter the rest of each post.
(mixed.getType('Post') as GraphQLObjectType).getFields()['author']!.resolve = (post: {
  n: number;
}) =>
  post.n % 5 === 4
    ? Promise.reject(new Error(`no author for ${post.n}`))
    : post.n % 3 === 0
      ? Promise.resolve({ name: `async ${post.n}` })
      : { name: `sync ${post.n}` };

describe('generated object writers and builders', () => {
  it('write the leading leaves of a selection and hand the rest to the interpreter', async () => {
    const posts = Array.from({ length: 12 }, (_, n) => ({
      n,
      id: `p${n}`,
      title: n === 7 ? 7 : `title "${n}"`,
      likes: n === 8 ? 'many' : n,
      score: n / 4,
      late: n % 2 ? 'late' : null,
      tag: n % 3 ? { label: `t${n}` } : null,
    }));
    const report = await expectSameAsGraphQLJS({
      schema: mixed,
      rootValue: { posts },
      query: '{ posts { id title likes author { name } score late tag { label } __typename } }',
    });
    expect(report.sync).toBe(false);
  });

  it('write plain values exactly as graphql-js would, on every kind', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { rows: [...plain, ...plain], strict: plain },
      query: '{ rows { id s i f b __typename } strict { b f i s id } }',
    });
  });

  it('hand every other value back to the interpreter, nullable fields', async () => {
    const report = await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: { rows: [...plain, ...oneAwkwardField(log), ...plain] },
      query: '{ rows { id s i f b } }',
    }));
    expect(report.sync).toBe(false); // the promises, and the method returning one
    expect(report.log).toEqual(['id read', 's read', 'i read', 'f read', 'b read']);
    expect(report.result?.errors?.length).toBeGreaterThan(15);
  });

  it('hand every other value back to the interpreter, non-null fields (nulls propagate)', async () => {
    const cases = oneAwkwardField([]).length;
    const report = await expectSameAsGraphQLJS((log) => ({
      schema,
      // One list per awkward object: a null in a non-null item nulls its whole list.
      rootValue: { strict: plain, cases: oneAwkwardField(log).map((row) => [...plain, row]) },
      query: `{ ${Array.from({ length: cases }, (_, k) => `c${k}: strict(case: ${k}) { id s i f b }`).join(' ')} }`,
    }));
    expect(report.log).toEqual(['id read', 's read', 'i read', 'f read', 'b read']);
    expect(report.result?.errors?.length).toBeGreaterThan(15);
  });

  it('stop at a field and go on after it with the same text (aliases, repeats, typename)', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { rows: [...plain, { ...plain[1], i: 'seven' }, ...plain, { s: null }] },
      query: '{ rows { __typename a: s i b: s f c: i } }',
    });
  });

  it('read a getter once when it gives a value they hand back', async () => {
    // graphql-js reads each field's property once; generated code that stops at a value must
    // hand that value on, not leave the interpreter to read the property again.
    const report = await expectSameAsGraphQLJS((log) => ({
      schema: mixed,
      rootValue: {
        posts: Array.from({ length: 6 }, (_, n) => ({
          n,
          id: `p${n}`,
          get title() {
            log.push(`title ${n}`);
            return n === 3 ? 3 : `t${n}`;
          },
          get likes() {
            log.push(`likes ${n}`);
            return n === 4 ? '4' : n;
          },
          get tag() {
            log.push(`tag ${n}`);
            return n === 5 ? null : { label: `l${n}` };
          },
          // A method: graphql-js reads the property again to call it.
          get late() {
            log.push(`late ${n}`);
            return n === 2 ? () => 'from a method' : `late ${n}`;
          },
        })),
      },
      query: '{ posts { id title likes tag { label } late } }',
    }));
    expect(report.log).toHaveLength(25);
  });

  it('resolve fields of every kind and hand over what they do not write', async () => {
    // Every field after `id` has a resolver, so writers take the whole selection: a custom scalar
    // JSON.stringify drops, a union through resolveType, an object type with isTypeOf, a list,
    // arguments from variables (one fails to coerce), promises and failures. Resolvers log into
    // the context (a plan keeps the resolvers it was made with).
    const schema = buildSchemaWith(
      `
      scalar Raw
      type Query { items: [Item] }
      type Item {
        id: ID
        raw: Raw
        shape: Shape
        thing: Thing
        tags(first: Int!): [String!]
        late(suffix: String): String
        owner: Owner!
      }
      union Shape = Circle | Square
      type Circle { r: Int }
      type Square { side: Int }
      type Thing { name: String }
      type Owner { name: String! }
    `,
      { Raw: { serialize: (value) => (value === 'FUNCTION' ? () => 'dropped' : value) } },
    );
    type Item = { n: number };
    const log = (entries: unknown[], what: string, info: GraphQLResolveInfo) =>
      entries.push(what, infoSummary(info));
    const fields = (schema.getType('Item') as GraphQLObjectType).getFields();
    fields['raw']!.resolve = ({ n }: Item) => (n % 3 === 0 ? 'FUNCTION' : `raw ${n}`);
    fields['shape']!.resolve = ({ n }: Item) =>
      n % 4 === 0 ? null : n % 2 ? { kind: 'Circle', r: n } : { kind: 'Square', side: n };
    fields['thing']!.resolve = ({ n }: Item) => (n === 5 ? { bad: true } : { name: `t${n}` });
    fields['tags']!.resolve = ({ n }: Item, args: { first: number }) => {
      const tags = Array.from({ length: args.first }, (_, k) => `tag${n}.${k}`);
      return n % 5 === 1 ? Promise.resolve(tags) : tags;
    };
    fields['late']!.resolve = (
      { n }: Item,
      args: { suffix?: string },
      entries: unknown[],
      info: GraphQLResolveInfo,
    ) => {
      log(entries, `late ${n}`, info);
      if (n === 6) throw new Error('late failed');
      return n % 2 ? Promise.resolve(`late ${n}${args.suffix ?? ''}`) : `now ${n}`;
    };
    fields['owner']!.resolve = ({ n }: Item) => (n === 7 ? null : { name: `o${n}` });
    Object.assign(schema.getType('Shape')!, {
      resolveType: (value: { kind: string }, entries: unknown[], info: GraphQLResolveInfo) => (
        log(entries, `shape ${value.kind}`, info),
        value.kind
      ),
    });
    (schema.getType('Thing') as GraphQLObjectType).isTypeOf = (value, entries, info) => (
      log(entries as unknown[], 'thing', info),
      !('bad' in (value as object))
    );
    const report = await expectSameAsGraphQLJS((entries) => ({
      schema,
      rootValue: { items: Array.from({ length: 9 }, (_, n) => ({ n })) },
      contextValue: entries,
      // $none (null, over a default) fails to coerce for the non-null argument.
      variableValues: { first: 2, suffix: '!', none: null },
      query: `query Q($first: Int!, $suffix: String, $none: Int = 3) {
        items {
          id raw shape { ... on Circle { r } ... on Square { side } } thing { name }
          tags(first: $first) late(suffix: $suffix) owner { name }
        }
        again: items { id tags(first: $none) }
      }`,
    }));
    expect(report.sync).toBe(false);
    expect(report.result?.errors?.length).toBeGreaterThan(3);
    expect(report.log.length).toBeGreaterThan(30);
  });

  it('read a getter giving undefined once, and a thenable `then` as graphql-js does', async () => {
    const schema = buildSchema(`
      type Query { rows: [Row] }
      type Row { id: ID s: String t: String! o: O p: O! }
      type O { a: Int }
    `);
    const row = (log: unknown[], n: number) => ({
      id: `r${n}`,
      get s() {
        log.push(`s ${n}`);
        return undefined;
      },
      get t() {
        log.push(`t ${n}`);
        return n === 2 ? undefined : `t${n}`;
      },
      get o() {
        log.push(`o ${n}`);
        // A thenable for every other row: graphql-js reads its `then` twice (check, call).
        return n % 2
          ? {
              get then() {
                log.push(`then ${n}`);
                return (resolve: (value: unknown) => void) => resolve({ a: n });
              },
            }
          : undefined;
      },
      get p() {
        log.push(`p ${n}`);
        return n === 3
          ? Object.assign(new Error('an error'), {
              get then() {
                log.push('error then');
                return undefined;
              },
            })
          : { a: n };
      },
    });
    const report = await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: { rows: Array.from({ length: 5 }, (_, n) => row(log, n)) },
      query: '{ rows { id s t o { a } p { a } } }',
    }));
    expect(report.log.filter((entry) => entry === 'then 1')).toHaveLength(2);
  });

  it('write a root selection of resolved fields whatever the root value is', async () => {
    // A writer whose fields only hand the object to resolvers runs on a root value that is not
    // an object (undefined, the usual one, null, a string, a function); one that reads a field
    // of it (a default-read leaf, an object field without a resolver) leaves it to the
    // interpreter. Failures, nulls in non-null fields and promises are handed over as below.
    const schema = buildSchema(`
      type Query {
        rows: [Row] one: Row first: Row! n: Int s: String! later: String plain: String o: Row
      }
      type Row { id: ID }
    `);
    const fields = schema.getQueryType()!.getFields();
    fields['rows']!.resolve = (root: unknown) => [{ id: typeof root }, { id: 'b' }];
    fields['one']!.resolve = (root: unknown) => (root === 'none' ? null : { id: 'one' });
    fields['first']!.resolve = (root: unknown) => (root === null ? null : { id: 'first' });
    fields['n']!.resolve = (root: unknown) => (typeof root === 'function' ? 'NaN' : 7);
    fields['s']!.resolve = (root: unknown) => {
      if (root === 'throw') throw new Error('s failed');
      return 'text';
    };
    fields['later']!.resolve = () => Promise.resolve('later');
    const roots: unknown[] = [
      undefined,
      null,
      'none',
      'throw',
      42,
      Object.assign(() => 1, { plain: 'p' }),
    ];
    const queries = [
      '{ rows { id } one { id } n s __typename }',
      '{ first { id } rows { id } }',
      '{ n later s }',
      '{ n plain o { id } }',
    ];
    for (const rootValue of roots) {
      for (const query of queries) await expectSameAsGraphQLJS({ schema, rootValue, query });
    }
    // The root selection of the first query has its writer after one request (`codegenAfter`)
    // with no root value; the fourth's reads the root and keeps to the interpreter.
    const executor = createExecutor({ codegenAfter: 1 });
    const [writes, reads] = [queries[0]!, queries[3]!].map((query) => {
      const document = parse(query);
      executor.executeJSON({ schema, document });
      executor.executeJSON({ schema, document });
      const plan = getOperationPlan(schema, document, undefined);
      if (!('onlyVariant' in plan)) throw plan;
      return plan.onlyVariant!;
    });
    expect(typeof writes!.textWriter).toBe('function');
    expect(writes!.textWriterReadsSource).toBe(false);
    expect(reads!.textWriterReadsSource).toBe(true);
  });
});
