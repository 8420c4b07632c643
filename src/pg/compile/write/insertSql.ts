import { catalogExpression, identifier, join, sql } from '../../sql/sql.js';
import type { SqlNode } from '../../sql/SqlNode.js';
import type { ColumnModel, KeyConstraintModel } from '../../schema/Model.js';
import { writeRelations } from '../../schema/mutationSchema.js';
import { columnType, comparable, relationSql } from '../columnSql.js';
import { arrayLiteral } from '../whereSql.js';
import { Param } from '../Param.js';
import { columnsRead, keysOut } from './returnedRowsSql.js';
import {
  partlyGiven,
  type CreateGraph,
  type WriteGroup,
  type WriteNode,
  type WriteRow,
} from './createInput.js';

/** An upsert's conflict target and the columns it updates (already checked against the table). */
export interface Upsert {
  readonly constraint: KeyConstraintModel;
  readonly update: ReadonlyArray<ColumnModel>;
}

/**
 * The statement's own columns, beside a table's returned columns: `ord`, the ordinal of a keyed
 * level's row (`k<n>`); `rn`, the row number of a group's returned rows; `of`, how many rows a
 * numbering counted (`count(*) OVER ()`: two numberings match only if equal). Named `#ord`,
 * `#rn`, `#of`, or with a numeric suffix when a table of the statement has a column of that name.
 */
interface OwnColumns {
  readonly ord: SqlNode;
  readonly rn: SqlNode;
  readonly of: SqlNode;
}

function ownColumns(graph: CreateGraph): OwnColumns {
  const taken = new Set(graph.order.flatMap((node) => node.table.table.columns.map((c) => c.name)));
  const free = (base: string) => {
    let name = base;
    for (let n = 2; taken.has(name); n++) name = `${base}${n}`;
    return identifier(name);
  };
  return { ord: free('#ord'), rn: free('#rn'), of: free('#of') };
}

/**
 * The write statement of a create field: one CTE chain that inserts every level of the input
 * graph (createInput.ts) in one statement, whatever the batch size and depth. Each level's rows
 * arrive as one array parameter per column, unnested WITH ORDINALITY (`x<n>`); the INSERT
 * (`i<n>`) takes its foreign keys from the levels before it, joined by ordinality, and returns
 * the columns later levels need; `k<n>` numbers the returned rows in insertion order (an INSERT …
 * SELECT … ORDER BY inserts, and returns, its rows in that order). The statement stores the root
 * rows' primary key, per key column, as array text in input order, for the read-back (keysOut),
 * or, given an `answer`, ends with it: the selection read from the root rows it returned.
 *
 * An upsert (root level only) inserts the last of the rows that share a key (DISTINCT ON, in key
 * order, so concurrent upserts lock rows in the same order), updates only rows whose values
 * differ, and finds each input row's key by its conflict columns: in what the INSERT returned,
 * else in the row that was already there.
 */
export function insertSql(
  graph: CreateGraph,
  upsert: Upsert | undefined,
  merge = false,
  answer?: Answer,
): SqlNode {
  const needed = neededColumns(graph, upsert);
  const own = ownColumns(graph);
  const rootKey = identifier(`k${graph.root.id}`);
  let alias = '';
  const answered = answer?.(
    (a) => ((alias = a), sql`${rootKey} AS ${identifier(a)}`),
    (a) => sql`${identifier(a)}.${own.ord}`,
  );
  if (answered) {
    // The root level returns the columns the answer reads, besides its own.
    const root = needed.get(graph.root) ?? new Set<string>();
    for (const column of columnsRead(answered, alias)) root.add(column);
    needed.set(graph.root, root);
  }
  const ctes: SqlNode[] = [];
  for (const node of graph.order)
    levelCtes(
      node,
      needed.get(node) ?? new Set(),
      node === graph.root ? upsert : undefined,
      merge,
      own,
      ctes,
    );
  if (answered) return sql`WITH ${join(ctes, ',\n')}\n${answered}`;
  const keys = graph.root.table.primaryKey.map(
    (c) =>
      sql`(SELECT array_agg(k.${identifier(c.name)} ORDER BY k.${own.ord})::text FROM ${rootKey} AS k)`,
  );
  return sql`WITH ${join(ctes, ',\n')}\n${keysOut(keys)}`;
}

/**
 * A create's answer in its own statement, for a selection that reads the created rows alone
 * (answersFromReturnedRows): the SELECT of the selection over the root rows `from(alias)` gives, in
 * input order (`order(alias)`). The write statement then ends with it instead of storing the keys
 * for a read-back: one statement, where PostgreSQL gives the rows' values as RETURNING gave them.
 */
export type Answer = (
  from: (alias: string) => SqlNode,
  order: (alias: string) => SqlNode,
) => SqlNode;

/** Where one group's INSERT reads its rows: the level's `x`, or the group's own arrays `g`. */
interface GroupSource {
  readonly from: SqlNode;
  readonly column: (column: ColumnModel) => SqlNode;
  /** Whether the row gives a column that only some rows give (WriteGroup.partly). */
  readonly gives: (column: ColumnModel) => SqlNode;
  readonly order: SqlNode;
}

/** The CTEs of one level: its rows, its INSERT (one per group), its keyed rows, its junction rows. */
function levelCtes(
  node: WriteNode,
  returned: ReadonlySet<string>,
  upsert: Upsert | undefined,
  merge: boolean,
  own: OwnColumns,
  ctes: SqlNode[],
): void {
  const { ord: ordColumn, rn: rnColumn, of: ofColumn } = own;
  const x = identifier(`x${node.id}`);
  const k = identifier(`k${node.id}`);
  const arrays = levelArrays(node);
  ctes.push(
    sql`${x} AS (SELECT * FROM unnest(${join(arrays.map((a) => a.sql()))}) WITH ORDINALITY AS x(${join(arrays.map((a) => identifier(a.alias)))}, ord))`,
  );
  const joins: SqlNode[] = [];
  const filled = new Map<string, SqlNode>();
  for (const [field, parent] of node.parents) {
    const relation = writeRelations(node.table).find((r) => r.name === field)?.relation;
    const alias = identifier(`r_${field}`);
    joins.push(
      sql` LEFT JOIN ${identifier(`k${parent.id}`)} AS ${alias} ON ${alias}.${ordColumn} = x.${identifier(`r_${field}`)}`,
    );
    for (const [local, target] of relation?.pairs ?? []) {
      const value = sql`${alias}.${identifier(target)}`;
      const before = filled.get(local);
      filled.set(local, before ? sql`coalesce(${before}, ${value})` : value);
    }
  }
  const attach = node.attach?.relation.relation;
  if (node.attach && attach?.direction === 'backward') {
    joins.push(
      sql` JOIN ${identifier(`k${node.attach.parent.id}`)} AS par ON par.${ordColumn} = x.p`,
    );
    for (const [parentCol, local] of attach.pairs)
      filled.set(local, sql`par.${identifier(parentCol)}`);
  }
  const table = identifier(node.table.table.schema, node.table.table.name);
  const returning = join([...returned].map((c) => identifier(c)));
  const insert = (group: WriteGroup, source: GroupSource, distinct?: SqlNode) => {
    const targets: SqlNode[] = [];
    const values: SqlNode[] = [];
    for (const column of node.table.write?.columns.values() ?? []) {
      const given = group.columns.includes(column) ? givenValue(source, column) : undefined;
      const fill = group.defaulted?.has(column.name) ? undefined : filled.get(column.name);
      if (given === undefined && fill === undefined) continue;
      targets.push(identifier(column.name));
      const value =
        given !== undefined && fill !== undefined
          ? sql`coalesce(${fill}, ${given})`
          : (fill ?? (given as SqlNode));
      // A row that leaves the column out takes its default, evaluated for that row as DEFAULT is.
      const expression = partlyGiven(group, column) && column.column.default;
      values.push(
        expression
          ? sql`CASE WHEN ${source.gives(column)} THEN ${value} ELSE ${catalogExpression(expression)} END`
          : value,
      );
    }
    const on = distinct ? sql`DISTINCT ON (${distinct}) ` : sql``;
    const from = sql`${source.from}${join(joins, ' ')}`;
    // No column at all: every one takes its default (INSERT … SELECT of zero columns).
    return {
      targets: targets.length === 0 ? sql`` : sql` (${join(targets)})`,
      select: sql`SELECT ${on}${join(values)} FROM ${from}`,
      // PostgreSQL 17: MERGE … RETURNING gives each inserted row with its input's ordinality.
      merge: (i: SqlNode, ord: SqlNode) => {
        const picks = values.map((v, n) => sql`${v} AS ${identifier(`v${n}`)}`);
        // In input order, so generated keys follow it (as the INSERT form's do).
        const using = sql`SELECT ${join([sql`${ord} AS ${ordColumn}`, ...picks])} FROM ${from} ORDER BY ${source.order}`;
        const insert =
          targets.length === 0
            ? sql`INSERT DEFAULT VALUES`
            : sql`INSERT (${join(targets)}) VALUES (${join(values.map((_, n) => sql`s.${identifier(`v${n}`)}`))})`;
        const back = join([
          sql`s.${ordColumn}`,
          ...[...returned].map((c) => sql`t.${identifier(c)}`),
        ]);
        return sql`${i} AS (MERGE INTO ${table} AS t USING (${using}) AS s ON false WHEN NOT MATCHED THEN ${insert} RETURNING ${back})`;
      },
    };
  };
  const single: GroupSource = {
    from: sql`${x} AS x`,
    column: (c) => sql`x.${identifier(columnAlias(node.groups[0] as WriteGroup, c))}`,
    gives: (c) => sql`x.${identifier(flagAlias(node.groups[0] as WriteGroup, c))}`,
    order: sql`x.ord`,
  };
  if (upsert) {
    const i = identifier(`i${node.id}`);
    const group = node.groups[0] as WriteGroup;
    const keys = upsert.constraint.columns.map((c) => givenValue(single, c));
    // Rows with a NULL in the key never conflict: DISTINCT ON must not merge them.
    const nullable = upsert.constraint.columns.filter((c) => !c.notNull);
    const keyless = (column: (c: ColumnModel) => SqlNode) =>
      join(
        nullable.map((c) => sql`${column(c)} IS NULL`),
        ' OR ',
      );
    const distinct =
      nullable.length === 0
        ? keys
        : [...keys, sql`CASE WHEN ${keyless(single.column)} THEN x.ord END`];
    const { targets, select } = insert(group, single, join(distinct));
    const order = sql`${join(distinct)}, x.ord DESC`;
    const names = upsert.update.map((c) => identifier(c.name));
    const action =
      names.length === 0
        ? sql`DO NOTHING`
        : sql`DO UPDATE SET ${join(names.map((n) => sql`${n} = EXCLUDED.${n}`))} WHERE (${join(upsert.update.map((c) => compared(sql`t`, c)))}) IS DISTINCT FROM (${join(upsert.update.map((c) => compared(sql`EXCLUDED`, c)))})`;
    ctes.push(
      sql`${i} AS (INSERT INTO ${table} AS t${targets} ${select} ORDER BY ${order} ON CONFLICT ON CONSTRAINT ${identifier(upsert.constraint.name)} ${action} RETURNING ${returning})`,
    );
    const on = (a: string) =>
      join(
        upsert.constraint.columns.map(
          (c) => sql`${identifier(a)}.${identifier(c.name)} = ${givenValue(single, c)}`,
        ),
        ' AND ',
      );
    // A row with a NULL in the key is inserted whatever the table holds, and `=` finds it
    // neither among the returned rows nor in the table: it is the n-th such row `RETURNING`
    // gives, counted in the order the insert takes the rows (its ORDER BY, every such row a
    // group of its own), as a create's rows are matched to their input (docs/pg-mutations.md).
    // Only when `RETURNING` gave every one of them: under a constraint made `NULLS NOT DISTINCT`
    // one may conflict and be left unchanged, and no row is then matched rather than a wrong one.
    const byPosition = nullable.length > 0;
    const columns = [...returned].map(
      (c) =>
        sql`coalesce(i.${identifier(c)}, ${byPosition ? sql`n.${identifier(c)}, ` : sql``}e.${identifier(c)}) AS ${identifier(c)}`,
    );
    const positioned = byPosition
      ? sql` LEFT JOIN (SELECT row_number() OVER (ORDER BY ${order}) AS ${rnColumn}, count(*) OVER () AS ${ofColumn}, x.ord FROM ${x} AS x WHERE ${keyless(single.column)}) AS xn ON xn.ord = x.ord LEFT JOIN (SELECT row_number() OVER () AS ${rnColumn}, count(*) OVER () AS ${ofColumn}, i.* FROM ${i} AS i WHERE ${keyless((c) => sql`i.${identifier(c.name)}`)}) AS n ON n.${rnColumn} = xn.${rnColumn} AND n.${ofColumn} = xn.${ofColumn}`
      : sql``;
    ctes.push(
      sql`${k} AS (SELECT x.ord AS ${ordColumn}, ${join(columns)} FROM ${x} AS x LEFT JOIN ${i} AS i ON ${on('i')}${positioned} LEFT JOIN ${relationSql(node.table.table)} AS e ON ${on('e')})`,
    );
  } else if (merge) {
    // Each group's MERGE returns its rows' ordinalities in the level: no reliance on order.
    const parts: SqlNode[] = [];
    const groups = node.groups.length === 0 ? [{ columns: [], rows: [] }] : node.groups;
    groups.forEach((group, n) => {
      const i = identifier(`i${node.id}_${n}`);
      if (groups.length === 1) {
        ctes.push(insert(group, single).merge(i, sql`x.ord`));
      } else {
        const { source } = ownGroup(node, n, x, ctes);
        ctes.push(insert(group, source).merge(i, sql`g.o`));
      }
      parts.push(sql`SELECT * FROM ${i}`);
    });
    ctes.push(sql`${k} AS (${join(parts, ' UNION ALL ')})`);
  } else if (node.groups.length <= 1) {
    const i = identifier(`i${node.id}`);
    const { targets, select } = insert(node.groups[0] ?? { columns: [], rows: [] }, single);
    ctes.push(
      sql`${i} AS (INSERT INTO ${table}${targets} ${select} ORDER BY x.ord RETURNING ${returning})`,
    );
    // RETURNING's n-th row is input row n only when every row was inserted: a BEFORE trigger that
    // returns NULL skips one, and the numbering would then give later rows' dependants the wrong
    // parent. Numbered only when the counts agree (no dependant is matched rather than a wrong one).
    ctes.push(
      sql`${k} AS (SELECT CASE WHEN count(*) OVER () = (SELECT count(*) FROM ${x}) THEN row_number() OVER () END AS ${ordColumn}, i.* FROM ${i} AS i)`,
    );
  } else {
    const keyed: SqlNode[] = [];
    node.groups.forEach((group, n) => {
      const i = identifier(`i${node.id}_${n}`);
      const { g, source } = ownGroup(node, n, x, ctes);
      const { targets, select } = insert(group, source);
      ctes.push(
        sql`${i} AS (INSERT INTO ${table}${targets} ${select} ORDER BY g.ord RETURNING ${returning})`,
      );
      const picked = join([...returned].map((c) => sql`r.${identifier(c)}`));
      keyed.push(
        sql`SELECT g.o AS ${ordColumn}, ${picked} FROM (SELECT row_number() OVER () AS ${rnColumn}, count(*) OVER () AS ${ofColumn}, i.* FROM ${i} AS i) AS r JOIN ${g} AS g ON g.ord = r.${rnColumn} AND r.${ofColumn} = (SELECT count(*) FROM ${g})`,
      );
    });
    ctes.push(sql`${k} AS (${join(keyed, ' UNION ALL ')})`);
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
      sql`${identifier(`j${node.id}`)} AS (INSERT INTO ${junction} (${join(columns)}) SELECT ${join(picks)} FROM ${k} AS tgt JOIN ${x} AS x ON x.ord = tgt.${ordColumn} JOIN ${identifier(`k${node.attach.parent.id}`)} AS par ON par.${ordColumn} = x.p ORDER BY x.ord)`,
    );
  }
}

/** One array parameter: its SQL (a text parameter cast to an array), its alias, its value. */
export interface LevelArray {
  readonly alias: string;
  /** The key its Param reads in the values (insertValues). */
  readonly key: string;
  /** Made only when the statement is built: a request's values (insertValues) need no SQL. */
  readonly sql: () => SqlNode;
  readonly value: () => string | null;
}

/**
 * The arrays of a level, `x<n>`, in the same order for the statement and for its values: the
 * parent row's ordinality, each parent level's, and (one group) the columns.
 */
function levelArrays(node: WriteNode): LevelArray[] {
  const ords = (pick: (row: WriteRow) => number | null | undefined) => () =>
    arrayLiteral(node.rows.map((row) => pick(row) ?? null));
  const arrays: LevelArray[] = [
    array(
      node,
      'p',
      'p',
      () => sql`int4[]`,
      ords((row) => row.parentOrd),
    ),
  ];
  for (const field of node.parents.keys()) {
    const name = `r_${field}`;
    arrays.push(
      array(
        node,
        name,
        name,
        () => sql`int4[]`,
        ords((row) => row.refs?.get(field)),
      ),
    );
  }
  if (node.groups.length === 1) arrays.push(...columnArrays(node, 0));
  return arrays;
}

/**
 * A group of several reads its own arrays: pushes their CTE (`x<n>_<g>`: each row's ordinality in
 * the level, then the columns) and gives it, with where its INSERT reads its rows.
 */
function ownGroup(
  node: WriteNode,
  n: number,
  x: SqlNode,
  ctes: SqlNode[],
): { readonly g: SqlNode; readonly source: GroupSource } {
  const group = node.groups[n] as WriteGroup;
  const g = identifier(`x${node.id}_${n}`);
  const own = groupArrays(node, n);
  ctes.push(
    sql`${g} AS (SELECT * FROM unnest(${join(own.map((a) => a.sql()))}) WITH ORDINALITY AS g(${join(own.map((a) => identifier(a.alias)))}, ord))`,
  );
  const source: GroupSource = {
    from: sql`${g} AS g JOIN ${x} AS x ON x.ord = g.o`,
    column: (c) => sql`g.${identifier(columnAlias(group, c))}`,
    gives: (c) => sql`g.${identifier(flagAlias(group, c))}`,
    order: sql`g.ord`,
  };
  return { g, source };
}

/** The arrays of a group of several (`x<n>_<g>`): each row's ordinality in the level, the columns. */
function groupArrays(node: WriteNode, n: number): LevelArray[] {
  const group = node.groups[n] as WriteGroup;
  const ords = () => arrayLiteral(group.rows.map((r) => r.ord));
  return [array(node, 'o', `g${n}.o`, () => sql`int4[]`, ords), ...columnArrays(node, n)];
}

function columnArrays(node: WriteNode, n: number): LevelArray[] {
  const group = node.groups[n] as WriteGroup;
  const values = group.columns.map((column) => {
    const alias = columnAlias(group, column);
    // Text, cast where the row is read (givenValue), for an array and for a type written by its
    // output function: `unnest` would spread a composite type's array into its columns.
    const type = () => (textArray(column) ? sql`text[]` : sql`${columnType(column)}[]`);
    const texts = () =>
      arrayLiteral(group.rows.map((row) => elementText(column, row.values.get(column.name))));
    return array(node, alias, `g${n}.${alias}`, type, texts);
  });
  // Per column some rows leave to its default: whether each row gives it (a bound array too).
  const flags = (group.partly ?? []).map(({ column, gives }) => {
    const alias = flagAlias(group, column);
    return array(
      node,
      alias,
      `g${n}.${alias}`,
      () => sql`bool[]`,
      () => arrayLiteral(gives),
    );
  });
  return [...values, ...flags];
}

function array(
  node: WriteNode,
  alias: string,
  name: string,
  type: () => SqlNode,
  value: () => string | null,
): LevelArray {
  const key = paramKey(node, name);
  const param = () =>
    new Param((bag) => bag[key], `input level ${node.id} (${node.table.typeName}) ${name}`);
  return { alias, key, sql: () => sql`${param()}::text::${type()}`, value };
}

/** The per-request values of a create statement's parameters, by the keys its Params read. */
export function insertValues(graph: CreateGraph): Record<string, unknown> {
  const bag: Record<string, unknown> = {};
  for (const node of graph.order) {
    for (const a of levelArrays(node)) bag[a.key] = a.value();
    if (node.groups.length > 1)
      node.groups.forEach((_, n) => {
        for (const a of groupArrays(node, n)) bag[a.key] = a.value();
      });
  }
  return bag;
}

/** The key of the value array of `column` of a one-group level (the input's values of it). */
export function columnArrayKey(node: WriteNode, column: ColumnModel | undefined): string {
  const group = node.groups[0];
  return paramKey(node, group && column ? `g0.${columnAlias(group, column)}` : '');
}

function paramKey(node: WriteNode, name: string): string {
  return `#${node.id}.${name}`;
}

function columnAlias(group: WriteGroup, column: ColumnModel): string {
  return `c${group.columns.indexOf(column)}`;
}

function flagAlias(group: WriteGroup, column: ColumnModel): string {
  return `d${(group.partly ?? []).findIndex((p) => p.column === column)}`;
}

function givenValue(source: GroupSource, column: ColumnModel): SqlNode {
  const ref = source.column(column);
  if (column.isArray) return sql`${ref}::${columnType(column)}[]`;
  return textArray(column) ? sql`${ref}::${columnType(column)}` : ref;
}

/**
 * A column of `row` as an upsert compares it with the new value: as comparisons read it
 * (comparable); a type without `=` (ColumnModel.equality: `json`, `point`, a composite with such
 * a field, …), which `IS DISTINCT FROM` needs ("could not identify an equality operator for type
 * json"), by its text.
 */
function compared(row: SqlNode, column: ColumnModel): SqlNode {
  const ref = sql`${row}.${identifier(column.name)}`;
  return column.equality ? comparable(ref, column) : sql`${ref}::text`;
}

/** Whether a column's input values travel as a `text[]` (columnArrays). */
function textArray(column: ColumnModel): boolean {
  return column.isArray || column.textForm === 'output';
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
