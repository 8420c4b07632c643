import type { GraphQLResolveInfo } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { infoSummary } from '../support/infoSummary.js';
import { libraryData, librarySchema as schema } from '../support/librarySchema.js';

// Spec §5.5 / §6.3.2 CollectFields: fragment spreads and inline fragments, type conditions,
// and field merging (response keys keep the position where they were first collected).
describe('fragments and inline fragments', () => {
  it('expands named fragments, nested, defined after use, spread twice', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: libraryData(),
      query: `
        { me { ...AuthorBits ...AuthorBits name } again: me { ...AuthorBits } }
        fragment AuthorBits on Author { id ...Named works { ...ItemBits } }
        fragment Named on Author { name }
        fragment ItemBits on Item { title ... on Book { pages } }
      `,
    });
  });

  it('applies inline fragments with and without a type condition', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: libraryData(),
      query: `{
        items {
          ... { id }
          ... on Book { pages author { name } }
          ... on Film { minutes director { name } }
          ... on Item { year }
          ... on Node { id }
        }
      }`,
    });
  });

  it('selects union members by type condition, interface conditions inside a union too', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: libraryData(),
      query: `{
        search {
          __typename
          ... on Node { id }
          ... on Item { title }
          ... on Author { name favourite { title } }
          ... on Film { minutes }
        }
      }`,
    });
  });

  it('merges overlapping fields from several fragments, deeply, in first-seen order', async () => {
    const report = await expectSameAsGraphQLJS({
      schema,
      rootValue: libraryData(),
      query: `
        {
          me { ...A name }
          me { works { year } }
          me { ...B }
        }
        fragment A on Author { works { title ... on Book { author { id } } } }
        fragment B on Author { works { ... on Book { author { name } } title } id }
      `,
    });
    const me = report.result?.data?.['me'] as Record<string, unknown>;
    expect(Object.keys(me)).toEqual(['works', 'name', 'id']);
  });

  it('hands resolvers every merged field node (look-ahead libraries read them)', async () => {
    await expectSameAsGraphQLJS((log) => {
      const data = libraryData();
      return {
        schema,
        rootValue: {
          ...data,
          me: (_args: unknown, _ctx: unknown, info: GraphQLResolveInfo) => {
            log.push(infoSummary(info));
            return data.me;
          },
        },
        query: `
          query Merged { me { id } ...Me me { name } }
          fragment Me on Query { me { ... on Author { id } } }
        `,
      };
    });
  });

  it('evaluates a type condition against the runtime type, not the field type', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: libraryData(),
      query: `{
        b: node(id: "b1") { ...Doc }
        f: node(id: "f1") { ...Doc }
        a: node(id: "a1") { ...Doc }
        none: node(id: "zz") { ...Doc }
      }
      fragment Doc on Node {
        __typename
        ... on Item { title ... on Film { minutes } }
        ... on Author { name }
      }`,
    });
  });
});

describe('fragments on different concrete types', () => {
  it('lets one response key name different fields on different runtime types', async () => {
    await expectSameAsGraphQLJS({
      schema,
      rootValue: libraryData(),
      query: `{
        search {
          ... on Book { detail: pages label: title }
          ... on Film { detail: minutes }
          ... on Author { label: name }
        }
      }`,
    });
  });
});
