import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { libraryData, librarySchema as schema } from '../support/librarySchema.js';

// Spec §3.13 @skip/@include and §6.3.2 CollectFields: each copy of a field is tested on its own;
// the response key exists if any copy is kept, at the position of the first kept copy.
const rootValue = libraryData();

const combos = [
  { s: true, i: true },
  { s: true, i: false },
  { s: false, i: true },
  { s: false, i: false },
];

describe('@skip and @include', () => {
  it('applies literal arguments on fields, fragment spreads and inline fragments', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      query: `
        {
          me {
            id @skip(if: true)
            name @include(if: true)
            both: name @skip(if: false) @include(if: false)
            kept: name @skip(if: false) @include(if: true)
            ...F @skip(if: true)
            ... on Author @include(if: false) { favourite { title } }
            ... @include(if: true) { works { title year @skip(if: true) } }
          }
          items @include(if: false) { id }
          __typename @skip(if: true)
        }
        fragment F on Author { id }
      `,
    });
  });

  it('reuses one document (and its cached plan) across every combination of variable values', async () => {
    const document = parse(`
      query ($s: Boolean!, $i: Boolean!) {
        me {
          id @skip(if: $s)
          name @include(if: $i)
          works @include(if: $i) {
            title @skip(if: $s)
            ... on Book @skip(if: $i) { pages }
          }
          ...Fav @include(if: $s)
        }
        items @skip(if: $s) { title }
      }
      fragment Fav on Author { favourite @skip(if: $i) { id } }
    `);
    for (const variableValues of [...combos, ...combos.reverse()]) {
      await expectSameAsGraphQLJS({ schema, rootValue, document, variableValues });
    }
  });

  it('orders keys by the first kept copy of a field, which depends on the variables', async () => {
    const document = parse('query ($s: Boolean!) { me { name @skip(if: $s) id name } }');
    const skipped = await expectSameAsGraphQLJS({
      schema,
      rootValue,
      document,
      variableValues: { s: true },
    });
    expect(Object.keys(skipped.result?.data?.['me'] ?? {})).toEqual(['id', 'name']);
    const kept = await expectSameAsGraphQLJS({
      schema,
      rootValue,
      document,
      variableValues: { s: false },
    });
    expect(Object.keys(kept.result?.data?.['me'] ?? {})).toEqual(['name', 'id']);
  });

  it('keeps a merged field when any copy is kept, with the sub-selections of kept copies only', async () => {
    const document = parse(`
      query ($a: Boolean!, $b: Boolean!) {
        me {
          works @include(if: $a) { title }
          works @include(if: $b) { year }
          favourite @skip(if: $a) { id }
          favourite { title }
        }
      }
    `);
    for (const [a, b] of [
      [true, false],
      [false, true],
      [false, false],
      [true, true],
    ]) {
      await expectSameAsGraphQLJS({ schema, rootValue, document, variableValues: { a, b } });
    }
  });

  it('uses variable defaults and reports a missing required Boolean', async () => {
    const document = parse(`
      query ($s: Boolean = true, $i: Boolean!) { me { id @skip(if: $s) name @include(if: $i) } }
    `);
    await expectSameAsGraphQLJS({ schema, rootValue, document, variableValues: { i: true } });
    await expectSameAsGraphQLJS({
      schema,
      rootValue,
      document,
      variableValues: { i: false, s: false },
    });
    const missing = await expectSameAsGraphQLJS({
      schema,
      rootValue,
      document,
      variableValues: {},
    });
    expect(missing.result?.errors).toHaveLength(1);
  });

  it('does not call the resolvers of skipped fields', async () => {
    const document = parse('query ($s: Boolean!) { me @skip(if: $s) { id } items { id } }');
    for (const s of [true, false, true]) {
      await expectSameAsGraphQLJS((log) => ({
        schema,
        rootValue: {
          me: () => (log.push('me'), rootValue.me),
          items: () => (log.push('items'), rootValue.items),
        },
        document,
        variableValues: { s },
      }));
    }
  });

  it('fails when a defaulted variable is explicitly null in if: (at the root and nested)', async () => {
    const document = parse(`
      query ($s: Boolean = true) {
        items { id }
        me { id name @include(if: $s) }
      }
    `);
    const nested = await expectSameAsGraphQLJS({
      schema,
      rootValue,
      document,
      variableValues: { s: null },
    });
    expect(nested.result?.errors).toHaveLength(1);
    const atRoot = parse('query ($s: Boolean = false) { items { id } me @skip(if: $s) { id } }');
    const root = await expectSameAsGraphQLJS({
      schema,
      rootValue,
      document: atRoot,
      variableValues: { s: null },
    });
    expect(root.result?.data).toBeNull();
    await expectSameAsGraphQLJS({ schema, rootValue, document: atRoot, variableValues: {} });
  });
});
