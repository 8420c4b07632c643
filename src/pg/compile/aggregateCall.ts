import { sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { AggregateFunction } from '../schema/aggregateScalar.js';

/**
 * `fn(ref)` in SQL, as an aggregate's field, an orderBy key and a `having` condition write it:
 * `countDistinct` is `count(DISTINCT ref)`, the others PostgreSQL's function of that name. Its
 * value has the type `functionColumn` describes.
 */
export function aggregateCall(fn: AggregateFunction, ref: SqlNode): SqlNode {
  switch (fn) {
    case 'sum':
      return sql`sum(${ref})`;
    case 'avg':
      return sql`avg(${ref})`;
    case 'min':
      return sql`min(${ref})`;
    case 'max':
      return sql`max(${ref})`;
    case 'countDistinct':
      return sql`count(DISTINCT ${ref})`;
  }
}
