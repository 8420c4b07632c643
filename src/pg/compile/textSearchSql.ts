import { nameLiteral, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { ModelLimits, TextSearch } from '../schema/Model.js';
import { badInput, type Param } from './Param.js';

/**
 * `matches` on a searchable column: `ref @@ websearch_to_tsquery($1::text)` on a tsvector column
 * (the session's `default_text_search_config`); on a text column with a `to_tsvector` index, that
 * index's expression, configuration included, on both sides, so the planner matches the index
 * (`to_tsvector('english'::regconfig, ref) @@ websearch_to_tsquery('english'::regconfig, $1::text)`).
 * The configuration's name comes from the catalog and is a plain word (textSearch.ts); the query
 * text is a parameter of at most `maxPatternLength` characters.
 */
export function textSearchCondition(
  limits: ModelLimits,
  ref: SqlNode,
  search: TextSearch,
  operand: Param,
): SqlNode {
  const text = operand.map((value) => {
    // A string has at least as many UTF-16 units as code points: count only when it may be over.
    if (typeof value === 'string' && value.length > limits.maxPatternLength) {
      const length = [...value].length;
      if (length > limits.maxPatternLength) {
        throw badInput(
          `A matches query must be at most ${limits.maxPatternLength} characters (got ${length}).`,
        );
      }
    }
    return value;
  });
  if (search.kind === 'tsvector') return sql`${ref} @@ websearch_to_tsquery(${text}::text)`;
  const config = sql`${nameLiteral(search.config)}::regconfig`;
  return sql`to_tsvector(${config}, ${ref}) @@ websearch_to_tsquery(${config}, ${text}::text)`;
}
