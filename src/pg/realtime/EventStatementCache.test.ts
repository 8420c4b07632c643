import {
  buildSchema,
  parse,
  type FieldNode,
  type GraphQLObjectType,
  type OperationDefinitionNode,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import type { Variables } from '../compile/Param.js';
import { sql } from '../sql/sql.js';
import type { EventField, EventStatement } from './eventStatement.js';
import { EventStatementCache, MAX_STATEMENTS } from './EventStatementCache.js';

const schema = buildSchema(`
  input IntFilter { gte: Int, lt: Int }
  input PostWhere { score: IntFilter }
  type Post { id: Int, title: String }
  type Query { posts: [Post] }
  type Subscription { postCreated(where: PostWhere): Post }
`);

/** The field of a subscription document, as the feed is given it (one per parse). */
function fieldOf(document: string, variables: Variables = {}): EventField {
  const operation = parse(document).definitions[0] as OperationDefinitionNode;
  return {
    schema,
    operation,
    fragments: {},
    fieldNodes: [operation.selectionSet.selections[0] as FieldNode],
    parentType: schema.getSubscriptionType() as GraphQLObjectType,
    variables,
  };
}

/** A cache whose statements are numbered in the order they were built. */
function counting() {
  const cache = new EventStatementCache();
  let built = 0;
  const get = (field: EventField) =>
    cache.get(field, (): EventStatement => {
      built += 1;
      return {
        text: `statement ${built}`,
        values: [],
        node: sql`SELECT 1`,
        loose: false,
      };
    }).text;
  return { cache, get, built: () => built };
}

describe('EventStatementCache', () => {
  it('builds a document’s statement once for every subscription of the same shape', () => {
    const { get, built } = counting();
    const field = fieldOf('subscription ($w: PostWhere) { postCreated(where: $w) { id } }', {
      w: { score: { gte: 1 } },
    });
    const again = { ...field, variables: { w: { score: { gte: 50 } } } };
    expect(get(field)).toBe('statement 1');
    expect(get(again)).toBe('statement 1');
    expect(built()).toBe(1);
  });

  it('builds another for variables of another shape, or for Boolean values', () => {
    const { get } = counting();
    const where = fieldOf('subscription ($w: PostWhere) { postCreated(where: $w) { id } }');
    expect(get({ ...where, variables: { w: { score: { gte: 1 } } } })).toBe('statement 1');
    expect(get({ ...where, variables: { w: { score: { lt: 1 } } } })).toBe('statement 2');
    expect(get({ ...where, variables: { w: null } })).toBe('statement 3');
    const skip = fieldOf(
      'subscription ($t: Boolean!) { postCreated { id title @include(if: $t) } }',
    );
    expect(get({ ...skip, variables: { t: true } })).toBe('statement 4');
    expect(get({ ...skip, variables: { t: false } })).toBe('statement 5');
    expect(get({ ...skip, variables: { t: true } })).toBe('statement 4');
  });

  it('never gives one document’s statement to another document', () => {
    const { get } = counting();
    expect(get(fieldOf('subscription { postCreated { id } }'))).toBe('statement 1');
    expect(get(fieldOf('subscription { postCreated { title } }'))).toBe('statement 2');
  });

  it('keeps a bounded number of statements', () => {
    const { cache, get } = counting();
    for (let i = 0; i < MAX_STATEMENTS + 100; i++)
      get(fieldOf(`subscription { postCreated { a${i}: id } }`));
    expect(cache.size).toBe(MAX_STATEMENTS);
  });
});
