import type { GraphQLObjectType } from 'graphql';
import type { Model } from '../schema/Model.js';
import type { CollectContext } from './collectFields.js';
import type { Variables } from './Param.js';
import type { SqlNode } from '../sql/SqlNode.js';

/** What the SQL builder carries while it walks one operation's database root fields. */
export interface BuildContext extends CollectContext {
  readonly model: Model;
  /** This request's variables: read only for the statement's shape, never spliced into SQL. */
  readonly variables: Variables;
  /**
   * `json`: the statement writes the response JSON itself (spliced without parsing). `value`: the
   * selection has computed fields, so the statement returns rows the engine completes: enum values
   * stay PostgreSQL labels and computed fields' columns come along under reserved keys.
   */
  readonly mode: 'json' | 'value';
  /** Set when the selection reaches a computed field (the root field must then use value mode). */
  readonly sawComputed: { value: boolean };
  /**
   * Set when the selection writes a Float (a column or an aggregate): PostgreSQL writes NaN and
   * ±Infinity as JSON strings, which GraphQL's Float cannot represent (see createPgSource).
   */
  readonly sawFloat: { value: boolean };
  /**
   * Set when PostgreSQL's JSON text of the selection may differ from what JSON.stringify writes
   * for the same value: a Float (PostgreSQL writes `1e+16` and `-0`, JavaScript
   * `10000000000000000` and `0`), a json or jsonb value (kept as stored, or with jsonb's spaces),
   * an object `json_build_object` writes (`{"k" : 1, "l" : 2}`). Such a field's text is rewritten
   * compact after the statement (createPgSource), or read in value mode (mutations).
   */
  readonly sawLoose: { value: boolean };
  /**
   * Given by a caller that takes `, \n ` out of the text (compactSeparators): a list whose rows
   * hold a relation may then be `json_agg`'s (jsonArray's `spaced`), and this is set when one is.
   */
  readonly sawSpaced?: { value: boolean };
  /**
   * Given by a builder that decides the statement's plan mode (createPgSource.ts): the subqueries
   * run once per row of another level, a relation field's and a relation filter's, are added to
   * it. A value bound inside one (a per-parent `LIMIT $n`, a filter) keeps the statement on custom
   * plans (correlatedValue).
   */
  readonly correlated?: Set<SqlNode>;
  /**
   * A fresh alias, unique within the statement: `t1`, `t2`, … for a level of rows or a relation
   * filter, which the mutation builders count (more than one keeps a write on custom plans,
   * write/mutationField.ts); another prefix for what reads no rows of another level (`s` for a
   * row subquery, `c` for a connection's count and cursor checks of its own rows, `j` for a
   * junction table).
   */
  alias(prefix?: string): string;
  objectType(typeName: string): GraphQLObjectType;
  /**
   * Given by a builder that bounds a statement's bind parameters (createPgSource.ts): the values
   * the arguments read so far will bind, counted as they are read (readArgs). A variable used
   * under many aliases binds its values anew at each use, so only this count bounds them, and
   * it stops a build that would exceed MAX_BIND_PARAMETERS before the rest is built.
   */
  readonly bindings?: { count: number };
}

/** Bind parameters one statement may carry: the fewest any driver takes (PGlite's, 2^15 - 1). */
export const MAX_BIND_PARAMETERS = 32_767;
