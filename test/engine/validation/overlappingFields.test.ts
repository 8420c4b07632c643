import type { GraphQLError } from 'graphql';
import {
  buildSchema,
  OverlappingFieldsCanBeMergedRule,
  TypeInfo,
  validate,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type FragmentDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { parse } from '../../../src/engine/language/parse.js';
import { isValidationAborted } from '../../../src/engine/validation/validateSpecified.js';
import { OverlappingFields } from '../../../src/engine/validation/overlappingFields.js';
import { validateDifference } from '../support/validateDifference.js';

// OverlappingFieldsCanBeMerged on documents made to make it work hard: the same errors as
// graphql-js's rule (its budget aborts included), and a count of the field pairs compared that
// grows with the document and the conflicts, not with the square of repeated fields. No time is
// measured: the count is what the test bounds.

const schema = buildSchema(/* GraphQL */ `
  interface Node {
    id: ID!
  }
  type Item implements Node {
    id: ID!
    a: Int
    b: String
    c(n: Int): Int
    child: Item
    items: [Item]
  }
  type Other implements Node {
    id: ID!
    a: String
    child: Other
  }
  type Query {
    item: Item
    node: Node
    items: [Item]
  }
`);

/** The rule alone over a document: its messages, and the field pairs it compared. */
function runRule(document: DocumentNode): { messages: string[]; comparisons: number } {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === 'FragmentDefinition') fragments.set(definition.name.value, definition);
  }
  const errors: GraphQLError[] = [];
  const rule = new OverlappingFields(
    schema,
    (name) => fragments.get(name),
    (e) => errors.push(e),
  );
  const typeInfo = new TypeInfo(schema);
  try {
    visit(
      document,
      visitWithTypeInfo(typeInfo, {
        SelectionSet(node, _key, parent) {
          rule.selectionSet(node, parent as never, typeInfo.getParentType() ?? undefined);
        },
      }),
    );
  } catch (error) {
    if (!isValidationAborted(error)) throw error;
    errors.push(error);
  }
  return { messages: errors.map((e) => e.message), comparisons: rule.comparisons };
}

/** graphql-js's rule alone over the same document, with no error limit (runRule has none). */
function graphqlJS(document: DocumentNode): string[] {
  return validate(schema, document, [OverlappingFieldsCanBeMergedRule], {
    maxErrors: Infinity,
  }).map((e) => e.message);
}

const repeat = (n: number, f: (i: number) => string): string =>
  Array.from({ length: n }, (_, i) => f(i)).join(' ');

describe('OverlappingFieldsCanBeMerged on adversarial documents', () => {
  it('compares no pair of repeated leaves of one name and type (graphql-js compares each)', () => {
    // 600 leaves: 179,700 pairs, within the rule's budget; graphql-js compares them all.
    const document = parse(`{ item { ${repeat(600, () => 'a')} } }`);
    const { messages, comparisons } = runRule(document);
    expect(messages).toEqual(graphqlJS(document));
    expect(messages).toEqual([]);
    expect(comparisons).toBe(0);
    expect(validateDifference(schema, document)).toBeUndefined();
  });

  it('aborts where graphql-js runs out of budget, without comparing the pairs', () => {
    // 800 leaves: 319,600 pairs at 2 each exceed the 500,000 budget in graphql-js.
    const document = parse(`{ item { ${repeat(800, () => 'a')} } }`);
    const { messages, comparisons } = runRule(document);
    expect(graphqlJS(document)).toEqual(['Validation aborted.']);
    expect(messages).toEqual(['Validation aborted.']);
    expect(comparisons).toBe(0);
    expect(validateDifference(schema, document)).toBeUndefined();
  });

  it('compares a leaf that differs with the others once each, and finds the same conflicts', () => {
    const n = 400;
    const text = `{ item { ${repeat(n, (i) => (i === n / 2 ? 'x: c(n: 1)' : 'x: a'))} } }`;
    const document = parse(text);
    const { messages, comparisons } = runRule(document);
    expect(messages).toEqual(graphqlJS(document));
    expect(messages).toHaveLength(n - 1);
    expect(comparisons).toBe(n - 1);
    expect(validateDifference(schema, document, undefined, { maxErrors: 1000 })).toBeUndefined();
  });

  it('keeps comparisons linear when two leaf classes interleave and conflict', () => {
    // Every a/b pair conflicts; the a/a and b/b pairs are skipped: comparisons = conflicts.
    const document = parse(`{ item { ${repeat(60, (i) => (i % 2 ? 'x: a' : 'x: b'))} } }`);
    const { messages, comparisons } = runRule(document);
    expect(messages).toEqual(graphqlJS(document));
    expect(comparisons).toBe(messages.length);
    expect(comparisons).toBe(30 * 30);
  });

  it('compares repeated leaves in sub-selections and fragments without their square', () => {
    const leaves = repeat(150, () => 'a');
    const document = parse(`
      { item { child { ${leaves} } child { ${leaves} } ...F ...G } }
      fragment F on Item { child { ${leaves} } }
      fragment G on Item { child { ${leaves} } ...F }
    `);
    const { messages, comparisons } = runRule(document);
    expect(messages).toEqual(graphqlJS(document));
    expect(messages).toEqual([]);
    // The pairs of `child` fields only: a handful, whatever the number of leaves (graphql-js
    // compares 150 × 150 leaves for each of them).
    expect(comparisons).toBeLessThan(10);
    expect(validateDifference(schema, document)).toBeUndefined();
  });

  it('memoises fragment pairs: a web of fragments spreading each other stays bounded', () => {
    const k = 40;
    const fragments = repeat(
      k,
      (i) => `fragment F${i} on Item { a child { b } ${i + 1 < k ? `...F${i + 1}` : ''} }`,
    );
    const spreads = repeat(k, (i) => `...F${i}`);
    const document = parse(`{ item { ${spreads} } } ${fragments}`);
    const { messages, comparisons } = runRule(document);
    expect(messages).toEqual(graphqlJS(document));
    // Each fragment pair is compared once (its `child` fields: one pair), not once per path.
    expect(comparisons).toBeLessThanOrEqual(k * k);
    expect(validateDifference(schema, document)).toBeUndefined();
  });

  it('reports conflicts through abstract parents and nested selections as graphql-js does', () => {
    const document = parse(`
      {
        node { ... on Item { a } ... on Other { a } }
        node { ...on Item { child { a } } ... on Item { child { a: b } } }
        items { c(n: 1) c(n: 2) c(n: $v) c(n: $v) }
        item { child { x: a } child { x: b } ...F }
      }
      fragment F on Item { child { x: c } }
    `);
    expect(runRule(document).messages).toEqual(graphqlJS(document));
    expect(validateDifference(schema, document)).toBeUndefined();
  });
});
