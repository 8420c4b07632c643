import {
  GraphQLList,
  GraphQLNonNull,
  type GraphQLEnumType,
  type GraphQLInputFieldConfigMap,
  type GraphQLScalarType,
} from 'graphql';
import type { ColumnModel } from './Model.js';

/**
 * Whether an array column gets the array operators: its elements have a GraphQL scalar of their
 * own and PostgreSQL's equality (not JSON, not the types written as text by their output function).
 */
export function hasArrayOperators(column: ColumnModel): boolean {
  return column.isArray && column.scalar !== 'JSON' && column.textForm !== 'output';
}

/** The array operators (`<Element>ListFilter`): docs/pg.md, "Queries". */
export function arrayFilterFields(
  element: GraphQLScalarType | GraphQLEnumType,
): GraphQLInputFieldConfigMap {
  const list = new GraphQLList(new GraphQLNonNull(element));
  return {
    contains: { type: list, description: 'Holds every one of these values (@>).' },
    containedIn: { type: list, description: 'Holds only values among these (<@).' },
    overlaps: { type: list, description: 'Holds at least one of these values (&&).' },
    anyEqualTo: {
      type: element,
      description: 'Holds this value (= ANY, written as @> so a GIN index serves it).',
    },
  };
}
