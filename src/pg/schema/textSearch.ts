import { GraphQLString, type GraphQLInputFieldConfigMap } from 'graphql';
import type { CatalogColumn } from '../catalog/Catalog.js';
import type { TextSearch } from './Model.js';

/**
 * Whether a column offers full-text search: a `tsvector` column always; a `text` column when an
 * index on `to_tsvector('<config>'::regconfig, column)` exists (introspect finds it), with a
 * configuration of `pg_catalog` whose name is a plain word (all of PostgreSQL's are), so the
 * compiler can write the index's own expression and the planner matches it.
 */
export function textSearchOf(column: CatalogColumn): TextSearch | undefined {
  if (column.type.isArray) return undefined;
  if (column.type.name === 'tsvector') return { kind: 'tsvector' };
  const config = column.textSearchConfig;
  if (column.type.name === 'text' && typeof config === 'string' && PLAIN_WORD.test(config)) {
    return { kind: 'expression', config };
  }
  return undefined;
}

const PLAIN_WORD = /^[_A-Za-z][_0-9A-Za-z]*$/;

/** The full-text operator of a searchable column's filter. */
export const MATCHES_FIELD: GraphQLInputFieldConfigMap = {
  matches: {
    type: GraphQLString,
    description:
      'Full-text search: the text is read by websearch_to_tsquery (words, "quoted phrases", or, -not), e.g. "fast -slow".',
  },
};
