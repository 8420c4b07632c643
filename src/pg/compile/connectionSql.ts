import type { FieldNode } from 'graphql';
import { identifier, join, nameLiteral, sql } from '../sql/sql.js';
import type { SqlNode } from '../sql/SqlNode.js';
import type { TableModel } from '../schema/Model.js';
import type { BuildContext } from './BuildContext.js';
import { collectSubfields } from './collectFields.js';
import { jsonArray, jsonObject, jsonRow, type Entry } from './jsonObject.js';
import {
  cursorSql,
  keysetSql,
  orderBySql,
  orderKeys,
  orderSignature,
  reversed,
} from './orderSql.js';
import { badInput, Param } from './Param.js';
import type { ArgValue } from './readArgument.js';
import { defaultPageSize, pageSize, whereClause, type RowSource } from './rowsSql.js';
import { distinctRows, readColumnList } from './distinctOnSql.js';
import type { objectEntries } from './selectionSql.js';

/**
 * A Relay connection (Relay Cursor Connections spec): one page subquery numbers its rows in page
 * order (reversed for `last`) and fetches one row more than asked, which tells whether another page
 * follows; edges, nodes, cursors and pageInfo are aggregates over that page. `totalCount` counts
 * the rows matching `where`, ignoring the cursors. With `distinctOn` the rows are the distinct
 * ones (distinctRows) for all of these.
 */
export function connectionSql(
  context: BuildContext,
  table: TableModel,
  source: RowSource,
  nodes: ReadonlyArray<FieldNode>,
  args: Record<string, ArgValue>,
  /** selectionSql's objectEntries, given so that the two files do not import each other. */
  entriesOf: typeof objectEntries,
): SqlNode {
  const given = pageSize(context, args['first'], 'first');
  const last = pageSize(context, args['last'], 'last');
  if (given && last) throw badInput('Pass either "first" or "last" to a connection, not both.');
  // Neither: the first defaultPageSize rows, so a page is always bounded.
  const first = last ? undefined : (given ?? defaultPageSize(context));
  const after = args['after'] instanceof Param ? args['after'] : undefined;
  const before = args['before'] instanceof Param ? args['before'] : undefined;
  const where = args['where'] ?? null;
  const distinct = readColumnList(table, args['distinctOn'] ?? null, 'distinctOn');
  const keys = orderKeys(table, args['orderBy'] ?? null, distinct);
  // Cursors are made and read under this ordering only (a cursor carries its signature).
  const signature = orderSignature(table, keys, distinct);
  // With distinctOn, every reading of the rows reads the distinct ones (distinctRows).
  const rowsAt = (a: string) => distinctRows(context, source, a, where, distinct, keys);
  const backwards = last !== undefined;
  const pageKeys = backwards ? reversed(keys) : keys;
  const limit = first ?? (last as Param);

  const alias = context.alias();
  const { from, conditions } = rowsAt(alias);
  if (after) conditions.push(keysetSql(alias, keys, after, signature));
  if (before) conditions.push(keysetSql(alias, reversed(keys), before, signature));

  const pageColumns: Entry[] = [];
  let needCursor = false;
  const nodeColumn = (fieldNodes: ReadonlyArray<FieldNode>): SqlNode => {
    const name = `n${pageColumns.length}`;
    pageColumns.push([name, jsonObject(context, entriesOf(context, table, alias, fieldNodes))]);
    return sql`p.${identifier(name)}`;
  };
  const p = (column: string) => sql`p.${identifier(column)}`;
  const inPage = sql`${p('i')} <= ${limit}`;
  const pageOrder = backwards ? sql`${p('i')} DESC` : p('i');
  const cursorAt = (desc: boolean) =>
    sql`(array_agg(${p('c')} ORDER BY ${p('i')}${desc ? sql` DESC` : sql``}) FILTER (WHERE ${inPage}))[1]`;

  const connection = context.objectType(`${table.typeName}Connection`);
  const entries: Entry[] = [];
  for (const [key, fieldNodes] of collectSubfields(context, connection, nodes)) {
    const name = (fieldNodes[0] as FieldNode).name.value;
    switch (name) {
      case '__typename':
        entries.push([key, nameLiteral(connection.name)]);
        break;
      case 'totalCount': {
        // Not a level of rows of its own (BuildContext.alias): the count of the page's rows binds
        // no per-parent value, so a root connection's statement may still run under a generic
        // plan (createPgSource.ts, Statement.genericPlan).
        const countAlias = context.alias('c');
        const rows = rowsAt(countAlias);
        entries.push([
          key,
          sql`(SELECT count(*)::int FROM ${rows.from}${whereClause(rows.conditions)})`,
        ]);
        break;
      }
      case 'nodes':
        entries.push([key, jsonArray(nodeColumn(fieldNodes), pageOrder, inPage)]);
        break;
      case 'edges': {
        const edgeType = context.objectType(`${table.typeName}Edge`);
        const edge: Entry[] = [];
        for (const [edgeKey, edgeNodes] of collectSubfields(context, edgeType, fieldNodes)) {
          const edgeField = (edgeNodes[0] as FieldNode).name.value;
          if (edgeField === '__typename') edge.push([edgeKey, nameLiteral(edgeType.name)]);
          else if (edgeField === 'cursor') {
            needCursor = true;
            edge.push([edgeKey, p('c')]);
          } else edge.push([edgeKey, nodeColumn(edgeNodes)]);
        }
        entries.push([key, jsonArray(jsonObject(context, edge), pageOrder, inPage)]);
        break;
      }
      case 'pageInfo': {
        const info: Entry[] = [];
        const pageInfoType = context.objectType('PageInfo');
        for (const [infoKey, infoNodes] of collectSubfields(context, pageInfoType, fieldNodes)) {
          const infoField = (infoNodes[0] as FieldNode).name.value;
          const beyond = (cursor: Param | undefined, ks: typeof keys) => {
            if (!cursor) return sql`FALSE`;
            // Rows on the far side of the cursor exist: there is a page beyond it. Like the
            // count, not a level of rows of its own.
            const a = context.alias('c');
            const rows = rowsAt(a);
            return sql`EXISTS (SELECT 1 FROM ${rows.from} WHERE ${join([...rows.conditions, sql`NOT ${keysetSql(a, ks, cursor, signature)}`], ' AND ')})`;
          };
          // count(p.i), not count(*): the aggregate is read inside pageInfo's object (jsonObject).
          const more = sql`count(${p('i')}) > ${limit}`;
          if (infoField === '__typename') info.push([infoKey, nameLiteral('PageInfo')]);
          if (infoField === 'hasNextPage')
            info.push([infoKey, backwards ? beyond(before, reversed(keys)) : more]);
          if (infoField === 'hasPreviousPage')
            info.push([infoKey, backwards ? more : beyond(after, keys)]);
          if (infoField === 'startCursor' || infoField === 'endCursor') {
            needCursor = true;
            info.push([infoKey, cursorAt((infoField === 'startCursor') === backwards)]);
          }
        }
        entries.push([key, jsonObject(context, info)]);
        break;
      }
    }
  }
  if (needCursor) pageColumns.push(['c', cursorSql(alias, keys, signature)]);
  const order = pageKeys.length > 0 ? orderBySql(alias, pageKeys) : undefined;
  pageColumns.push([
    'i',
    order ? sql`row_number() OVER (ORDER BY ${order})` : sql`row_number() OVER ()`,
  ]);
  const columns = join(pageColumns.map(([name, value]) => sql`${value} AS ${identifier(name)}`));
  const page = sql`SELECT ${columns} FROM ${from}${whereClause(conditions)}${order ? sql` ORDER BY ${order}` : sql``} LIMIT ${limit} + 1`;
  // GROUP BY (): one row even when no selected field aggregates the page (only totalCount, say).
  return jsonRow(
    context,
    entries,
    sql`FROM (${page}) AS p GROUP BY ()`,
    identifier(context.alias('s')),
  );
}
