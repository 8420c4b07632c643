import {
  BREAK,
  buildSchema,
  GraphQLError,
  Kind,
  parse,
  specifiedRules,
  validate,
  type ASTVisitor,
  type DocumentNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import {
  maxAliasesRule,
  maxDepthRule,
  maxDirectivesRule,
  noIntrospectionRule,
} from './limitRules.js';
import { seededRandom } from '../../../test/support/seededRandom.js';
import { validateDocument } from './validateDocument.js';

// validateDocument must be graphql-js's validate with a faster inside: every document below,
// valid or not, must get the same errors (messages, locations, order, extensions) from both.

const schema = buildSchema(/* GraphQL */ `
  directive @tag(name: String!) repeatable on FIELD | FRAGMENT_SPREAD | INLINE_FRAGMENT
  directive @once on FIELD | QUERY
  scalar Instant
  enum Role {
    ADMIN
    USER
  }
  input Filter {
    role: Role
    name: String
    since: Instant
    nested: Filter
    tags: [String!]
  }
  input OneOf @oneOf {
    id: ID
    email: String
  }
  interface Node {
    id: ID!
  }
  interface Named {
    name: String
  }
  type User implements Node & Named {
    id: ID!
    name: String
    role: Role!
    friends(first: Int = 10, filter: Filter): [User!]!
    posts(first: Int!): [Post]
  }
  type Post implements Node {
    id: ID!
    title(upper: Boolean): String!
    author: User
  }
  union SearchResult = User | Post
  type Query {
    node(id: ID!): Node
    user(id: ID, by: OneOf): User
    users(filter: Filter, first: Int): [User!]!
    search(text: String!): [SearchResult!]!
    now: Instant
  }
  type Mutation {
    rename(id: ID!, name: String!): User
  }
  type Subscription {
    renamed: User
    posted: Post
  }
`);

/** Documents that break one rule or another, and some that are fine. */
const documents = [
  '{ user(id: 1) { id name } }',
  '{ user { id ...F } } fragment F on User { name role }',
  'query Q($id: ID!, $f: Filter) { user(id: $id) { friends(filter: $f) { id } } }',
  '{ nope }',
  '{ user { nope } }',
  '{ user }',
  '{ user { id { x } } }',
  '{ users(first: "x") { id } }',
  '{ users(filter: { role: OTHER }) { id } }',
  '{ users(filter: { nested: { nested: { since: 3 } } }) { id } }',
  '{ users(filter: { tags: [null] }) { id } }',
  '{ user(by: { id: 1, email: "a" }) { id } }',
  '{ user(by: {}) { id } }',
  '{ posts }',
  '{ user { posts { id } } }',
  '{ user { posts(first: 1, first: 2) { id } } }',
  '{ user { friends(bogus: 1) { id } } }',
  'query A { now } query A { now }',
  '{ now } { now }',
  'query ($a: Int, $a: Int) { now }',
  'query ($a: Int) { now }',
  '{ users(first: $nope) { id } }',
  'query ($f: Int) { user(id: $f) { id } }',
  'query ($f: String!) { users(first: $f) { id } }',
  'query ($f: User) { now }',
  'query ($f: Filter = { role: 1 }) { users(filter: $f) { id } }',
  '{ ...Missing }',
  'fragment F on Query { now } { now }',
  '{ ...F } fragment F on Query { ...G } fragment G on Query { ...F }',
  '{ ...F } fragment F on Query { now } fragment F on Query { now }',
  '{ user { ...P } } fragment P on Post { id }',
  '{ user { ... on Post { id } } }',
  '{ node(id: 1) { ... on User { id } ... on Post { title } } }',
  '{ node(id: 1) { ... on Role { id } } }',
  '{ user { ...S } } fragment S on String { x }',
  '{ user { id: name } }',
  '{ user { name: id name } }',
  '{ search(text: "a") { ... on User { id: name } ... on Post { id } } }',
  '{ search(text: "a") { ... on User { name } ... on Post { name: title } } }',
  '{ user { friends(first: 1) { id } friends(first: 2) { id } } }',
  '{ now @skip(if: true) @skip(if: false) }',
  '{ now @once @once }',
  '{ now @tag(name: "a") @tag(name: "b") }',
  '{ now @unknown }',
  '{ now @tag }',
  'query @skip(if: true) { now }',
  '{ now @include(if: "yes") }',
  'subscription { renamed { id } posted { id } }',
  'subscription { __typename }',
  'subscription S { ...F } fragment F on Subscription { renamed { id } posted { id } }',
  'mutation { rename(id: 1) { id } }',
  'mutation { rename(id: 1, name: "x", name: "y") { id } }',
  '{ user(id: 1) { __typename ... on Named { name } } }',
  '{ __schema { types { name fields { name type { ofType { ofType { ofType { name } } } } } } } }',
  '{ __type(name: "User") { fields { type { fields { type { fields { name } } } } } } }',
  'type Extra { a: Int } { now }',
  'schema { query: Query } { now }',
  '{ users(filter: { name: "a", name: "b" }) { id } }',
  'query ($f: [String!]) { users(filter: { tags: $f }) { id } }',
  'query ($f: [String]) { users(filter: { tags: $f }) { id } }',
  'query ($r: Role = ADMIN) { users(filter: { role: $r }) { id } }',
  '{ user { a: friends { b: friends { c: friends { d: friends { id } } } } } }',
  'query Deep { user { friends { friends { friends { friends { friends { id } } } } } } }',
  '"described" query D { now }',
  'query ("described" $a: Int) { users(first: $a) { id } }',
  '{ search(text: "x") { __typename ... on Node { id } } }',
];

/**
 * Seeded mutations of the documents above: names swapped for others that occur somewhere in
 * the corpus, tokens dropped, selections repeated, values replaced. Most results break some
 * rule; those that do not parse are skipped.
 */
function mutated(seed: number, count: number): string[] {
  const next = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)]!;
  const tokensOf = (text: string) => text.match(/\$?[_A-Za-z][_A-Za-z0-9]*|"[^"]*"|\.\.\.|\S/g)!;
  const names = [...new Set(documents.flatMap(tokensOf).filter((t) => /^\$?[_A-Za-z]/.test(t)))];
  const values = ['1', '"s"', 'null', 'true', '[1]', '{ id: 1 }', 'ADMIN', '$id', '1.5'];
  const out: string[] = [];
  while (out.length < count) {
    const tokens = tokensOf(pick(documents));
    for (let edits = 1 + Math.floor(next() * 3); edits > 0; edits--) {
      const at = Math.floor(next() * tokens.length);
      const kind = next();
      if (kind < 0.35) tokens[at] = pick(names);
      else if (kind < 0.5) tokens.splice(at, 1);
      else if (kind < 0.7) tokens.splice(at, 0, pick(values));
      else if (kind < 0.85)
        tokens.splice(at, 0, ...tokens.slice(at, at + 1 + Math.floor(next() * 4)));
      else tokens.splice(at, 0, pick(['...F', '@skip(if: $b)', 'id', '(first: 2)', ':']));
    }
    const text = tokens.join(' ');
    try {
      parse(text);
      out.push(text);
    } catch {
      // not a document: nothing to validate
    }
  }
  return out;
}

const asJSON = (errors: ReadonlyArray<GraphQLError>) =>
  errors.map((error) => ({ ...error.toJSON(), original: String(error.originalError ?? '') }));

function expectSameErrors(
  text: string,
  rules: ReadonlyArray<ValidationRule>,
  options: { maxErrors?: number; hideSuggestions?: boolean } = {},
): number {
  const document: DocumentNode = parse(text);
  const outcome = (run: typeof validateDocument) => {
    try {
      return { errors: asJSON(run(schema, document, rules, options)) };
    } catch (error) {
      // graphql-js itself throws on some documents (SingleFieldSubscriptionsRule evaluating
      // @skip with a variable): the same error must come out.
      return { thrown: String(error) };
    }
  };
  const expected = outcome(validate);
  expect(outcome(validateDocument), text).toEqual(expected);
  return expected.errors?.length ?? 0;
}

describe('validateDocument gives graphql-js validate’s errors', () => {
  it('on documents that break each specified rule', () => {
    let failing = 0;
    for (const text of documents) if (expectSameErrors(text, specifiedRules) > 0) failing++;
    // The corpus is mostly invalid documents: a comparison of empty lists would prove little.
    expect(failing).toBeGreaterThan(documents.length * 0.7);
  });

  it('on two thousand mutated documents, with and without suggestions', () => {
    let failing = 0;
    for (const [i, text] of mutated(7, 2000).entries()) {
      if (expectSameErrors(text, specifiedRules, { hideSuggestions: i % 2 === 0 }) > 0) failing++;
    }
    expect(failing).toBeGreaterThan(1500);
  });

  it('when maxErrors aborts validation', () => {
    const text = '{ a b c d e f g user { x y z } }';
    expect(expectSameErrors(text, specifiedRules, { maxErrors: 3 })).toBe(4);
    expect(expectSameErrors(text, specifiedRules, { maxErrors: 0 })).toBe(1);
  });

  it('with the request entry’s limit rules', () => {
    const rules = [
      ...specifiedRules,
      maxDepthRule(3),
      maxAliasesRule(1),
      maxDirectivesRule(1),
      noIntrospectionRule,
    ];
    for (const text of [...documents, ...mutated(11, 300)]) expectSameErrors(text, rules);
  });

  it('with visitors of every shape graphql-js accepts: skipping, BREAK, generic, class-based', () => {
    const seen: string[] = [];
    const note =
      (label: string) =>
      (context: ValidationContext): ASTVisitor => ({
        enter(node) {
          seen.push(`${label}>${node.kind}`);
          if (node.kind === Kind.SELECTION_SET && label === 'skip') return false;
          return undefined;
        },
        leave(node) {
          seen.push(`${label}<${node.kind}`);
          if (node.kind === Kind.FIELD && label === 'break') {
            context.reportError(
              new GraphQLError(`broke at ${String(seen.length)}`, { nodes: node }),
            );
            return BREAK;
          }
          return undefined;
        },
      });
    class FieldCounter {
      count = 0;
      constructor(private readonly context: ValidationContext) {}
      Field = { leave: () => void this.count++ };
      OperationDefinition(): void {
        this.context.reportError(new GraphQLError(`operation after ${String(this.count)} fields`));
      }
    }
    class Inherited {
      constructor(readonly context: ValidationContext) {}
      Name(node: { value: string }): void {
        if (node.value === 'name') this.context.reportError(new GraphQLError('a name field'));
      }
    }
    const rules: ValidationRule[] = [
      note('skip'),
      note('break'),
      (context) => new FieldCounter(context) as unknown as ASTVisitor,
      (context) => new Inherited(context) as unknown as ASTVisitor,
      ...specifiedRules,
    ];
    const traces: string[][] = [];
    for (const run of [validate, validateDocument] as const) {
      seen.length = 0;
      const document = parse('{ user { id name friends { name } } } { now }');
      const errors = run(schema, document, rules);
      traces.push([...seen, ...asJSON(errors).map((error) => JSON.stringify(error))]);
    }
    expect(traces[1]).toEqual(traces[0]);
    expect(traces[0]!.length).toBeGreaterThan(20);
  });
});
