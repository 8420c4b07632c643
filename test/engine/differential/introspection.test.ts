import { buildSchema, getIntrospectionQuery, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { librarySchema } from '../support/librarySchema.js';

// Spec §4 Introspection: __schema, __type and __typename, resolved by graphql-js's own
// introspection types (Sluice must run them like any other resolvers, or reproduce them).
const richSchema = buildSchema(`
  """The schema's own description."""
  schema { query: Root mutation: Change subscription: Feed }

  """A repeatable directive with arguments."""
  directive @tag(name: String!, weight: Float = 1.5) repeatable on FIELD_DEFINITION | OBJECT | ENUM_VALUE
  directive @internal on FIELD | QUERY

  scalar Url @specifiedBy(url: "https://url.spec.whatwg.org/")

  "Something with an id."
  interface Node { id: ID! }
  interface Resource implements Node { id: ID! url: Url }

  type Page implements Resource & Node @tag(name: "page") {
    id: ID!
    url: Url
    "Old title."
    title: String @deprecated(reason: "Use \`heading\`.")
    heading(lang: Lang = EN, legacy: Boolean @deprecated): String @tag(name: "h") @tag(name: "again")
    links(first: Int = 10, filter: LinkFilter = { kinds: [INTERNAL], min: 2 }): [Link!]!
  }
  type Link { to: Page kind: Kind! }

  enum Lang { EN FR DE @deprecated(reason: "Unsupported.") }
  enum Kind { INTERNAL EXTERNAL @tag(name: "ext") }

  input LinkFilter { kinds: [Kind!] = [INTERNAL, EXTERNAL] min: Int old: String @deprecated }
  input PageRef @oneOf { id: ID url: Url }

  union Anything = Page | Link

  type Root { page(ref: PageRef!): Page search: [Anything] node(id: ID!): Node }
  type Change { touch(id: ID!): Page }
  type Feed { changed: Page }
`);

const plainSchema = buildSchema('type Query { hello: String }');

const fullQuery = getIntrospectionQuery({
  descriptions: true,
  specifiedByUrl: true,
  directiveIsRepeatable: true,
  schemaDescription: true,
  inputValueDeprecation: true,
  oneOf: true,
});

describe('introspection', () => {
  it.each([
    ['a schema with every kind of type', richSchema],
    ['the library schema', librarySchema],
    ['a one-field schema', plainSchema],
  ])('answers the full introspection query on %s', async (_name, schema) => {
    const report = await expectSameAsGraphQLJS({ schema, query: fullQuery });
    expect(report.result?.errors).toBeUndefined();
  });

  it('answers the default introspection query (no options)', async () => {
    await expectSameAsGraphQLJS({ schema: richSchema, query: getIntrospectionQuery() });
  });

  it('answers __type for named, missing and variable names, walking ofType', async () => {
    const document = parse(`
      query ($name: String!) {
        page: __type(name: "Page") {
          kind name description
          fields(includeDeprecated: true) {
            name isDeprecated deprecationReason
            args(includeDeprecated: true) { name defaultValue isDeprecated type { kind name ofType { kind name } } }
            type { kind name ofType { kind name ofType { kind name ofType { kind name } } } }
          }
          interfaces { name }
          possibleTypes { name }
        }
        missing: __type(name: "Nope") { name }
        byVariable: __type(name: $name) { name kind enumValues { name } inputFields { name } }
      }
    `);
    for (const name of ['Lang', 'LinkFilter', 'Anything', '__Type', 'Nope']) {
      await expectSameAsGraphQLJS({ schema: richSchema, document, variableValues: { name } });
    }
  });

  it('answers __schema partially, with aliases and fragments', async () => {
    await expectSameAsGraphQLJS({
      schema: richSchema,
      query: `{
        s: __schema {
          __typename
          description
          queryType { name ...Kind }
          mutation: mutationType { name }
          subscriptionType { name fields { name } }
          directives { name isRepeatable locations args { name defaultValue } }
          types { name ...Kind }
        }
      }
      fragment Kind on __Type { kind specifiedByURL isOneOf }`,
    });
  });

  it('answers __typename on the query and mutation roots', async () => {
    await expectSameAsGraphQLJS({ schema: richSchema, query: '{ __typename }' });
    await expectSameAsGraphQLJS({
      schema: richSchema,
      query: 'mutation { __typename t: __typename }',
    });
  });

  it('lets resolvers and introspection share one response', async () => {
    await expectSameAsGraphQLJS({
      schema: librarySchema,
      rootValue: { me: { __typename: 'Author', id: 'a', name: 'A' } },
      query: '{ me { name __typename } __type(name: "Author") { name fields { name } } }',
    });
  });
});
