import {
  buildSchema,
  GraphQLScalarType,
  parse as parseWithGraphQLJS,
  specifiedRules,
  TypeInfo,
  validate,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/engine/language/parse.js';
import { validateDocument } from '../../../src/engine/validation/validateDocument.js';
import { seededRandom } from '../../support/seededRandom.js';
import { accountsOracle } from '../makeSchema/accounts.js';
import { mutations } from '../support/generateDocuments.js';
import { OperationGenerator } from '../support/generateOperations.js';
import { librarySchema } from '../support/librarySchema.js';
import { compareValidate, validateDifference } from '../support/validateDifference.js';

// Sluice's validate against graphql-js's on generated documents: the same errors (message and
// locations) in the same order, with every option, over several schemas.

const storeSchema = buildSchema(/* GraphQL */ `
  directive @tag(name: String!, weight: Int = 1) repeatable on FIELD | FRAGMENT_SPREAD
  directive @cached(ttl: Int!) on QUERY | FIELD | FRAGMENT_DEFINITION | VARIABLE_DEFINITION
  scalar Cursor
  enum Sort {
    NEWEST
    PRICE
  }
  input Range {
    min: Int!
    max: Int = 100
  }
  input Filter {
    term: String
    range: Range
    tags: [String!]
    sort: Sort = NEWEST
  }
  input Key @oneOf {
    id: ID
    sku: String
  }
  interface Priced {
    price(currency: String = "EUR"): Float!
  }
  type Product implements Priced {
    id: ID!
    sku: String
    price(currency: String = "EUR"): Float!
    related(first: Int!, after: Cursor): [Product!]!
    vendor: Vendor
  }
  type Vendor {
    id: ID!
    name: String!
    products(filter: Filter, sort: [Sort!]): [Product]
  }
  union Result = Product | Vendor
  type Query {
    product(key: Key!): Product
    products(filter: Filter, first: Int = 10, after: Cursor): [Product!]!
    search(term: String!, sort: Sort): [Result!]
    priced: [Priced]
  }
  type Mutation {
    addProduct(sku: String!, price: Float!, vendor: ID): Product
    tag(ids: [ID!]!, tags: [String!]!): Int
  }
  type Subscription {
    priceChanged(id: ID!): Product
    vendorAdded: Vendor
  }
`);

const schemas: ReadonlyArray<[string, GraphQLSchema]> = [
  ['library', librarySchema],
  ['store', storeSchema],
  ['accounts', accountsOracle()],
];

type Options = Parameters<typeof validate>[3];

function someOptions(random: () => number): Options {
  const r = random();
  if (r < 0.5) return undefined;
  if (r < 0.7) return { maxErrors: Math.floor(random() * 4) };
  if (r < 0.85) return { hideSuggestions: true };
  return { maxErrors: 1 + Math.floor(random() * 3), hideSuggestions: random() < 0.5 };
}

/** Specified rules, some of them, in their order (the native walk runs such lists). */
function someRules(random: () => number): ReadonlyArray<ValidationRule> | undefined {
  if (random() < 0.85) return undefined;
  return specifiedRules.filter(() => random() < 0.5);
}

function parsed(text: string, random: () => number): DocumentNode | undefined {
  try {
    return random() < 0.5 ? parse(text) : parseWithGraphQLJS(text);
  } catch {
    return undefined;
  }
}

describe('validate against graphql-js over generated documents', () => {
  // Three schemas × four mistake rates, 300 documents each and a one-token mutation at every
  // token of one in four: over 10,000 documents in all (each case counts its share).
  const cases = schemas.flatMap(([name, schema], s) =>
    [0, 0.03, 0.1, 0.3].map((mistakes, m) => ({
      name,
      schema,
      mistakes,
      seed: 20_261_202 + 10 * s + m,
    })),
  );
  it.each(cases)(
    'agrees on $name documents with mistakes at $mistakes, and their mutations (seeded)',
    async ({ name, schema, mistakes, seed }) => {
      const random = seededRandom(seed);
      let documents = 0;
      let valid = 0;
      const failures: string[] = [];
      const generator = new OperationGenerator(schema, random, mistakes, 1, 2);
      for (let i = 0; i < 300; i++) {
        // Let the worker answer the runner between batches (a long synchronous test starves it).
        if (i % 10 === 0) await new Promise((resolve) => setImmediate(resolve));
        const text = generator.document();
        const variants = i % 4 === 0 ? [text, ...mutations(text, random)] : [text];
        for (const variant of variants) {
          const document = parsed(variant, random);
          if (document === undefined) continue;
          documents++;
          const plain = compareValidate(schema, document);
          if (plain.valid) valid++;
          const difference =
            plain.difference ??
            (random() < 0.25
              ? validateDifference(schema, document, someRules(random), someOptions(random))
              : undefined);
          if (difference !== undefined && failures.length < 5) {
            failures.push(`${name}: ${variant}\n${difference}`);
          }
        }
      }
      expect(failures).toEqual([]);
      expect(documents).toBeGreaterThanOrEqual(Math.ceil(10_000 / cases.length));
      // Valid documents when there are no mistakes, invalid ones otherwise.
      if (mistakes === 0) expect(valid).toBeGreaterThan(documents / 4);
      else expect(valid).toBeLessThan(documents / 2);
    },
    // Thousands of validations each: a generous bound for a loaded machine; no time is asserted.
    120_000,
  );

  it('aborts where graphql-js does when a document exhausts the fragment work budget', () => {
    const usages = Array.from({ length: 1000 }, (_, i) => `a${i}: node(id: $v) { id }`).join(' ');
    const operations = Array.from({ length: 60 }, (_, i) => `query Q${i}($v: ID!) { ...F }`);
    const document = parse(`${operations.join('\n')}\nfragment F on Query { ${usages} }`);
    expect(validate(librarySchema, document).map((e) => e.message)).toEqual([
      'Validation aborted.',
    ]);
    expect(validateDifference(librarySchema, document)).toBeUndefined();
  });

  it('stops at maxErrors as graphql-js does, where a literal parses to nothing included', () => {
    const document = parse(
      '{ a: node(id: 1.5) { id } b: node(id: true) { id } c: node(id: 2.5) { id } }',
    );
    for (const maxErrors of [0, 1, 2, 3, 10]) {
      expect(validateDifference(librarySchema, document, undefined, { maxErrors })).toBeUndefined();
    }
    // A scalar whose parseLiteral returns undefined: graphql-js reports inside its try, so the
    // abort is caught and reported once more ("...; undefined").
    const odd = new GraphQLScalarType({
      name: 'Odd',
      parseValue: (v) => v,
      parseLiteral: () => undefined,
    });
    const schema = buildSchema('scalar Odd type Query { f(o: Odd): Int }');
    Object.assign(schema.getType('Odd')!, { parseLiteral: odd.parseLiteral });
    const many = parse('{ a: f(o: 1) b: f(o: 2) c: f(o: 3) }');
    for (const maxErrors of [0, 1, 2]) {
      expect(validateDifference(schema, many, undefined, { maxErrors })).toBeUndefined();
    }
  });

  it('behaves as graphql-js on every other argument, invalid ones included', () => {
    const document = parse('query Q($x: Int) { me { name } node(id: "1") { id } unknown }');
    const custom: ValidationRule = (context) => ({
      Field(node) {
        if (node.name.value === 'me') context.reportError(new (class extends Error {})() as never);
      },
    });
    const cases: Array<[unknown, unknown, unknown, unknown, unknown]> = [
      [librarySchema, document, undefined, undefined, new TypeInfo(librarySchema)],
      [librarySchema, document, [...specifiedRules].reverse(), undefined, undefined],
      [librarySchema, document, [specifiedRules[3], specifiedRules[3]], undefined, undefined],
      [librarySchema, document, [custom, ...specifiedRules], undefined, undefined],
      [librarySchema, document, [], undefined, undefined],
      [librarySchema, document, specifiedRules, null, undefined],
      [librarySchema, document, specifiedRules, { maxErrors: null }, undefined],
      [librarySchema, document, 'rules', undefined, undefined],
      [librarySchema, undefined, undefined, undefined, undefined],
      [librarySchema, null, undefined, undefined, undefined],
      [librarySchema, {}, undefined, undefined, undefined],
      [librarySchema, parse('type T { a: Int } { me { name } }'), undefined, undefined, undefined],
      [{}, document, undefined, undefined, undefined],
      [
        buildSchema('type Query { a: Int } interface I { a: Int } type T implements I { b: Int }'),
        document,
        undefined,
        undefined,
        undefined,
      ],
    ];
    const run = (f: () => ReadonlyArray<{ message: string; locations?: unknown }>): string => {
      try {
        return JSON.stringify(f().map((e) => [e.message, e.locations]));
      } catch (error) {
        return `throws ${String(error)}`;
      }
    };
    for (const [schema, doc, rules, options, typeInfo] of cases) {
      const call = (v: typeof validate) => () =>
        (v as (...args: unknown[]) => ReturnType<typeof validate>)(
          schema,
          doc,
          rules,
          options,
          typeInfo,
        );
      expect(run(call(validateDocument as typeof validate))).toBe(run(call(validate)));
    }
  });
});
