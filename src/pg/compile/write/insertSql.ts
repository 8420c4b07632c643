import { identifier, join, sql } from '../../sql/sql.js';
import type { SqlNode } from '../../sql/SqlNode.js';
import type { ColumnModel, KeyConstraintModel } from '../../schema/Model.js';
import { writeRelations } from '../../schema/mutationSchema.js';
import { columnType } from '../columnSql.js';
import { arrayLiteral } from '../whereSql.js';
import { Param } from '../Param.js';
import type { CreateGraph, WriteNode } from './createInput.js';

/** An upsert's conflict target and the columns it updates (already checked against the table). */
export interface Upsert {
  readonly constraint: KeyConstraintModel;
  readonly update: ReadonlyArray<ColumnModel>;
}

/** The ordinal column of a keyed level (`k<n>`): not a name a table column is likely to have. */
const ORD = identifier('#ord');

/**
 * The write statement of a create field: one CTE chain that inserts every level of the input
 * graph (createInput.ts) in one statement, whatever the batch size and depth. Each level's rows
 * arrive as one array parameter per column, unnested WITH ORDINALITY (`x<n>`); the INSERT
 * (`i<n>`) takes its foreign keys from the levels before it, joined by ordinality, and returns
 * the columns later levels need; `k<n>` numbers the returned rows in insertion order (an INSERT …
 * SELECT … ORDER BY inserts, and returns, its rows in that order). The statement's one row holds
 * the root rows' primary key, per key column, as array text in input order: the read-back
 * statement's parameters.
 *
 * An upsert (root level only) inserts the last of the rows that share a key (DISTINCT ON, in key
 * order, so concurrent upserts lock rows in the same order), updates only rows whose values
 * differ, and finds each input row's key by its conflict columns: in what the INSERT returned,
 * else in the row that was already there.
 */
export function insertSql(graph: CreateGraph, upsert: Upsert | undefined): SqlNode {
  const needed = neededColumns(graph, upsert);
  const ctes: SqlNode[] = [];
  for (const node of graph.order) {
    const x = identifier(`x${node.id}`);
    const i = identifier(`i${node.id}`);
    const k = identifier(`k${node.id}`);
    const arrays = levelArrays(node);
    ctes.push(
      sql`${x} AS (SELECT * FROM unnest(${join(arrays.map((a) => a.sql))}) WITH ORDINALITY AS x(${join(arrays.map((a) => identifier(a.alias)))}, ord))`,
    );
    const targets: SqlNode[] = [];
    const values: SqlNode[] = [];
    const joins: SqlNode[] = [];
    const parentColumn = new Map<string, SqlNode>();
    for (const [field, parent] of node.parents) {
      const relation = writeRelations(node.table).find((r) => r.name === field)?.relation;
      const alias = identifier(`r_${field}`);
      joins.push(
        sql` LEFT JOIN ${identifier(`k${parent.id}`)} AS ${alias} ON ${alias}.${ORD} = x.${identifier(`r_${field}`)}`,
      );
      for (const [local, target] of relation?.pairs ?? [])
        parentColumn.set(local, sql`${alias}.${identifier(target)}`);
    }
    const attach = node.attach?.relation.relation;
    if (node.attach && attach?.direction === 'backward') {
      joins.push(sql` JOIN ${identifier(`k${node.attach.parent.id}`)} AS par ON par.${ORD} = x.p`);
      for (const [parentCol, local] of attach.pairs)
        parentColumn.set(local, sql`par.${identifier(parentCol)}`);
    }
    for (const column of node.table.write?.columns.values() ?? []) {
      const given = node.given.has(column.name) ? givenValue(node, column) : undefined;
      const filled = parentColumn.get(column.name);
      if (given === undefined && filled === undefined) continue;
      targets.push(identifier(column.name));
      values.push(
        given !== undefined && filled !== undefined
          ? sql`coalesce(${filled}, ${given})`
          : (filled ?? (given as SqlNode)),
      );
    }
    const table = identifier(node.table.table.schema, node.table.table.name);
    const returning = join([...(needed.get(node) ?? [])].map((c) => identifier(c)));
    const root = node === graph.root && upsert !== undefined ? upsert : undefined;
    if (root) {
      const keys = root.constraint.columns.map((c) => sql`x.${identifier(alias(node, c))}`);
      // Rows with a NULL in the key never conflict: DISTINCT ON must not merge them.
      const nullable = root.constraint.columns.filter((c) => !c.notNull);
      const distinct =
        nullable.length === 0
          ? keys
          : [
              ...keys,
              sql`CASE WHEN ${join(
                nullable.map((c) => sql`x.${identifier(alias(node, c))} IS NULL`),
                ' OR ',
              )} THEN x.ord END`,
            ];
      const action =
        root.update.length === 0
          ? sql`DO NOTHING`
          : sql`DO UPDATE SET ${join(root.update.map((c) => sql`${identifier(c.name)} = EXCLUDED.${identifier(c.name)}`))} WHERE (${join(root.update.map((c) => sql`t.${identifier(c.name)}`))}) IS DISTINCT FROM (${join(root.update.map((c) => sql`EXCLUDED.${identifier(c.name)}`))})`;
      ctes.push(
        sql`${i} AS (INSERT INTO ${table} AS t (${join(targets)}) SELECT DISTINCT ON (${join(distinct)}) ${join(values)} FROM ${x} AS x${join(joins, ' ')} ORDER BY ${join(distinct)}, x.ord DESC ON CONFLICT ON CONSTRAINT ${identifier(root.constraint.name)} ${action} RETURNING ${returning})`,
      );
      const on = (a: string) =>
        join(
          root.constraint.columns.map(
            (c) => sql`${identifier(a)}.${identifier(c.name)} = x.${identifier(alias(node, c))}`,
          ),
          ' AND ',
        );
      const columns = [...(needed.get(node) ?? [])].map(
        (c) => sql`coalesce(i.${identifier(c)}, e.${identifier(c)}) AS ${identifier(c)}`,
      );
      ctes.push(
        sql`${k} AS (SELECT x.ord AS ${ORD}, ${join(columns)} FROM ${x} AS x LEFT JOIN ${i} AS i ON ${on('i')} LEFT JOIN ${table} AS e ON ${on('e')})`,
      );
    } else {
      ctes.push(
        sql`${i} AS (INSERT INTO ${table} (${join(targets)}) SELECT ${join(values)} FROM ${x} AS x${join(joins, ' ')} ORDER BY x.ord RETURNING ${returning})`,
      );
      ctes.push(sql`${k} AS (SELECT row_number() OVER () AS ${ORD}, i.* FROM ${i} AS i)`);
    }
    if (node.attach && attach?.direction === 'junction' && attach.via) {
      const via = attach.via;
      const junction = identifier(via.junction.schema, via.junction.name);
      const columns = [
        ...via.sourcePairs.map(([, j]) => identifier(j)),
        ...via.targetPairs.map(([j]) => identifier(j)),
      ];
      const picks = [
        ...via.sourcePairs.map(([s]) => sql`par.${identifier(s)}`),
        ...via.targetPairs.map(([, t]) => sql`tgt.${identifier(t)}`),
      ];
      ctes.push(
        sql`${identifier(`j${node.id}`)} AS (INSERT INTO ${junction} (${join(columns)}) SELECT ${join(picks)} FROM ${k} AS tgt JOIN ${x} AS x ON x.ord = tgt.${ORD} JOIN ${identifier(`k${node.attach.parent.id}`)} AS par ON par.${ORD} = x.p ORDER BY x.ord)`,
      );
    }
  }
  const rootKey = identifier(`k${graph.root.id}`);
  const keys = graph.root.table.primaryKey.map(
    (c) =>
      sql`(SELECT array_agg(k.${identifier(c.name)} ORDER BY k.${ORD})::text FROM ${rootKey} AS k)`,
  );
  return sql`WITH ${join(ctes, ',\n')}\nSELECT ${join(keys)}`;
}

/** One array parameter of a level: its SQL (a text parameter cast to an array), alias, value. */
export interface LevelArray {
  readonly alias: string;
  readonly sql: SqlNode;
  readonly value: (node: WriteNode) => string | null;
}

/** The arrays of a level, in the same order for the statement and for its values. */
export function levelArrays(node: WriteNode): LevelArray[] {
  const ords =
    (pick: (row: WriteNode['rows'][number]) => number | null | undefined) => (n: WriteNode) =>
      arrayLiteral(n.rows.map((row) => pick(row) ?? null));
  const arrays: LevelArray[] = [
    {
      alias: 'p',
      sql: sql`${param(node, 'p')}::text::int4[]`,
      value: ords((row) => row.parentOrd),
    },
  ];
  for (const field of node.parents.keys()) {
    const name = `r_${field}`;
    arrays.push({
      alias: name,
      sql: sql`${param(node, name)}::text::int4[]`,
      value: ords((row) => row.refs.get(field)),
    });
  }
  for (const column of node.columns) {
    const name = alias(node, column);
    const type = column.isArray ? sql`text[]` : sql`${columnType(column)}[]`;
    arrays.push({
      alias: name,
      sql: sql`${param(node, name)}::text::${type}`,
      value: (n) =>
        arrayLiteral(n.rows.map((row) => elementText(column, row.values.get(column.name)))),
    });
  }
  return arrays;
}

/** The per-request values of a create statement's parameters, by the keys its Params read. */
export function insertValues(graph: CreateGraph): Record<string, unknown> {
  const bag: Record<string, unknown> = {};
  for (const node of graph.order)
    for (const array of levelArrays(node)) bag[paramKey(node, array.alias)] = array.value(node);
  return bag;
}

function param(node: WriteNode, name: string): Param {
  const key = paramKey(node, name);
  return new Param((bag) => bag[key], `input level ${node.id} (${node.table.typeName}) ${name}`);
}

/** The key of the value array of `column` in a level (the input's values of that column). */
export function columnArrayKey(node: WriteNode, column: ColumnModel | undefined): string {
  return paramKey(node, column ? alias(node, column) : '');
}

function paramKey(node: WriteNode, name: string): string {
  return `#${node.id}.${name}`;
}

function alias(node: WriteNode, column: ColumnModel): string {
  return `c${node.columns.indexOf(column)}`;
}

function givenValue(node: WriteNode, column: ColumnModel): SqlNode {
  const ref = sql`x.${identifier(alias(node, column))}`;
  return column.isArray ? sql`${ref}::${columnType(column)}[]` : ref;
}

/** A value as the text of an array element: PostgreSQL casts it to the column's type. */
export function elementText(column: ColumnModel, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (column.isArray) return arrayLiteral((value as unknown[]).map((v) => scalarText(column, v)));
  return scalarText(column, value);
}

function scalarText(column: ColumnModel, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (column.scalar === 'JSON') return JSON.stringify(value);
  return String(value);
}

/** Per level: the columns its INSERT returns (its key, and what later levels read from it). */
function neededColumns(
  graph: CreateGraph,
  upsert: Upsert | undefined,
): Map<WriteNode, Set<string>> {
  const needed = new Map<WriteNode, Set<string>>();
  const need = (node: WriteNode, column: string) => {
    let set = needed.get(node);
    if (!set) needed.set(node, (set = new Set()));
    set.add(column);
  };
  for (const c of upsert?.constraint.columns ?? []) need(graph.root, c.name);
  for (const node of graph.order) {
    for (const c of node.table.primaryKey) need(node, c.name);
    for (const [field, parent] of node.parents) {
      const relation = writeRelations(node.table).find((r) => r.name === field)?.relation;
      for (const [, target] of relation?.pairs ?? []) need(parent, target);
    }
    const attach = node.attach;
    const relation = attach?.relation.relation;
    if (attach && relation?.direction === 'backward')
      for (const [parentCol] of relation.pairs) need(attach.parent, parentCol);
    if (attach && relation?.via) {
      for (const [s] of relation.via.sourcePairs) need(attach.parent, s);
      for (const [, t] of relation.via.targetPairs) need(node, t);
    }
  }
  return needed;
}
