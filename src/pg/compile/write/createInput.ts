import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../../engine/index.js';
import type { ColumnModel, TableModel } from '../../schema/Model.js';
import {
  writeRelations,
  requiredOnInsert,
  type WriteRelation,
} from '../../schema/mutationSchema.js';
import { operandProblem } from '../../schema/pgInput.js';

/** Where an input value sits in the operation: root field response key, argument, indexes, fields. */
export type InputPath = ReadonlyArray<string | number>;

/**
 * One level of a whole-graph create: the rows of one table reached by one path of relation fields
 * from the root (`customers`, `customers.bankingRelationships`, `customers.bankingRelationships
 * .contracts`, …). Each level becomes one INSERT; its rows travel as one array per column.
 */
export interface WriteNode {
  readonly id: number;
  readonly table: TableModel;
  /** How rows of this level attach to the row that named them (undefined for the root level). */
  readonly attach: { readonly parent: WriteNode; readonly relation: WriteRelation } | undefined;
  /**
   * The level's rows, in one group (one INSERT) but where they differ in giving a column whose
   * default the catalog has no expression for (an identity column): INSERT … SELECT cannot give
   * such a column's DEFAULT per row, so each group is an INSERT of its own.
   */
  groups: WriteGroup[];
  readonly given: Set<string>;
  /** Levels created before this one whose key fills a foreign key of this one, by field name. */
  readonly parents: Map<string, WriteNode>;
  /** Levels created after this one (children and many-to-many targets), by field name. */
  readonly children: Map<string, WriteNode>;
  readonly rows: WriteRow[];
}

export interface WriteGroup {
  /** Columns given by at least one row of the group, in table order. */
  readonly columns: ReadonlyArray<ColumnModel>;
  readonly rows: WriteRow[];
  /**
   * Defaulted columns a parent relation fills in other rows of the level but not in these: they
   * take their default rather than the relation's (absent) key.
   */
  readonly defaulted?: ReadonlySet<string>;
  /**
   * Columns with a default expression (CatalogColumn.default) that some rows of the group give
   * (or fill through a relation) and others leave out: per row, whether it gives the column, else
   * the row takes the expression (`CASE`, insertSql.ts).
   */
  readonly partly?: ReadonlyArray<PartlyGiven>;
}

export interface PartlyGiven {
  readonly column: ColumnModel;
  /** Per row of the group, in its order: whether the row gives the column. */
  readonly gives: ReadonlyArray<boolean>;
}

export interface WriteRow extends PathStep {
  /** 1-based position in its level (the SQL ordinality). */
  readonly ord: number;
  /** Ordinality of the row that named this one, in `attach.parent`; null at the root. */
  readonly parentOrd: number | null;
  /** Column values by column name (as coerced by GraphQL). */
  readonly values: Map<string, unknown>;
  /**
   * Per parent field: the ordinality of the row created for it in that level (undefined: none,
   * as for most rows; made when the first is met).
   */
  refs: Map<string, number> | undefined;
}

/**
 * Where a row sits in the input, linked to the row that named it (a row is its own step): a
 * row's path is built only when an error names it, not for each of the hundreds of rows of a
 * batch, and reading the input makes no object for it.
 */
export interface PathStep {
  /** The row that named this one, or the path of the field's input list. */
  readonly up: PathStep | InputPath;
  /** The relation field of `up` the row was given in (undefined at the root). */
  readonly field: string | undefined;
  /** The row's index in that list (undefined for a single row). */
  readonly index: number | undefined;
}

/** The InputPath of a step (the base path, then each field and index). */
export function pathOf(step: PathStep): InputPath {
  const keys: Array<string | number> = [];
  let at: PathStep | InputPath = step;
  while (!Array.isArray(at)) {
    const link = at as PathStep;
    if (link.index !== undefined) keys.push(link.index);
    if (link.field !== undefined) keys.push(link.field);
    at = link.up;
  }
  return [...(at as InputPath), ...keys.reverse()];
}

/** The path of the input field `field` of a row. */
function fieldPath(row: PathStep, field: string): InputPath {
  return pathOf({ up: row, field, index: undefined });
}

/** The levels of one create field's input, in the order their INSERTs must run. */
export interface CreateGraph {
  readonly root: WriteNode;
  /** Every level, parents before the levels that need their keys. */
  readonly order: ReadonlyArray<WriteNode>;
  readonly rowCount: number;
  /** What decides the statement's text: levels, their columns and relations. */
  readonly shape: string;
}

export function inputError(
  message: string,
  path: InputPath,
  code: string = ErrorCode.BAD_USER_INPUT,
) {
  return new GraphQLError(message, { extensions: { code, inputPath: [...path] } });
}

/**
 * Reads a create field's `input` (already coerced by GraphQL) into levels of rows, with the
 * checks made before any SQL: at most `maxRows` rows across all levels (MUTATION_TOO_LARGE), values
 * the column's type cannot hold, a foreign key given both ways or not at all (BAD_USER_INPUT).
 * Walks with its own queue: linear in the input, whatever its depth.
 */
export function readCreateInput(
  table: TableModel,
  rows: ReadonlyArray<Record<string, unknown>>,
  basePath: InputPath,
  maxRows: number,
  /** One row (createOne): its path has no index. */
  single = false,
): CreateGraph {
  const nodes: WriteNode[] = [];
  const newNode = (t: TableModel, attach: WriteNode['attach']): WriteNode => {
    const node: WriteNode = {
      id: nodes.length,
      table: t,
      attach,
      groups: [],
      given: new Set(),
      parents: new Map(),
      children: new Map(),
      rows: [],
    };
    nodes.push(node);
    return node;
  };
  const root = newNode(table, undefined);
  // The rows still to read, with their inputs and levels (arrays: no object per entry).
  const queue: WriteRow[] = [];
  const inputs: Array<Record<string, unknown>> = [];
  const levelOf: WriteNode[] = [];
  let count = 0;
  const enqueue = (
    node: WriteNode,
    input: unknown,
    parentOrd: number | null,
    up: PathStep | InputPath,
    field: string | undefined,
    index: number | undefined,
  ): number => {
    if (++count > maxRows) {
      throw inputError(
        `A mutation field may write at most ${maxRows} rows, counted across nesting.`,
        basePath.slice(0, 1),
        ErrorCode.MUTATION_TOO_LARGE,
      );
    }
    const row: WriteRow = {
      ord: node.rows.length + 1,
      parentOrd,
      values: new Map(),
      refs: undefined,
      up,
      field,
      index,
    };
    node.rows.push(row);
    queue.push(row);
    inputs.push((input ?? {}) as Record<string, unknown>);
    levelOf.push(node);
    return row.ord;
  };
  rows.forEach((input, i) =>
    enqueue(root, input, null, basePath, undefined, single ? undefined : i),
  );

  const relationsOf = new Map<TableModel, Map<string, WriteRelation>>();
  const relations = (t: TableModel) => {
    let found = relationsOf.get(t);
    if (!found) relationsOf.set(t, (found = new Map(writeRelations(t).map((r) => [r.name, r]))));
    return found;
  };
  for (let i = 0; i < queue.length; i++) {
    const row = queue[i] as WriteRow;
    const input = inputs[i] as Record<string, unknown>;
    const node = levelOf[i] as WriteNode;
    const write = node.table.write;
    for (const field in input) {
      const value = input[field];
      // Coerced input objects are plain objects with only their own fields.
      const column = write?.columns.get(field);
      if (column) {
        if (value === undefined) continue;
        if (value === null) {
          // An explicit null is NULL, not the column's default (a column without one takes NULL
          // left out too; a NOT NULL one keeps its default or the required check).
          if (column.notNull || column.column.hasDefault !== true) continue;
          row.values.set(column.name, null);
          node.given.add(column.name);
          continue;
        }
        checkValue(column, value, row, field);
        row.values.set(column.name, value);
        node.given.add(column.name);
        continue;
      }
      const relation = relations(node.table).get(field);
      if (!relation || value === null || value === undefined) continue;
      if (relation.role === 'parent') {
        let parent = node.parents.get(field);
        if (!parent)
          node.parents.set(field, (parent = newNode(relation.relation.target, undefined)));
        (row.refs ??= new Map()).set(field, enqueue(parent, value, null, row, field, undefined));
        continue;
      }
      let child = node.children.get(field);
      if (!child) {
        child = newNode(relation.relation.target, { parent: node, relation });
        node.children.set(field, child);
      }
      if (relation.role === 'child') {
        enqueue(child, value, row.ord, row, field, undefined);
        continue;
      }
      const items = value as unknown[];
      for (let j = 0; j < items.length; j++) enqueue(child, items[j], row.ord, row, field, j);
    }
  }
  for (const node of nodes) finish(node);
  const order: WriteNode[] = [];
  const visit = (node: WriteNode) => {
    for (const parent of node.parents.values()) visit(parent);
    order.push(node);
    for (const child of node.children.values()) visit(child);
  };
  visit(root);
  return { root, order, rowCount: count, shape: shapeOf(order) };
}

/** Columns a level's relations fill: from its parents' keys and from the row that named it. */
export function filledColumns(node: WriteNode): Set<string> {
  const filled = new Set<string>();
  for (const field of node.parents.keys()) {
    const relation = writeRelations(node.table).find((r) => r.name === field);
    for (const [local] of relation?.relation.pairs ?? []) filled.add(local);
  }
  const attach = node.attach?.relation.relation;
  if (attach && attach.direction === 'backward')
    for (const [, local] of attach.pairs) filled.add(local);
  return filled;
}

/**
 * The checks that need the whole level (foreign keys given both ways or not at all), and its rows
 * grouped by the defaulted columns they give.
 */
function finish(node: WriteNode): void {
  const write = node.table.write;
  if (!write) return;
  const groups = new Map<string, WriteRow[]>();
  // A column two foreign keys share (a tenant id) is filled by whichever relation a row gives.
  const parentColumns = new Map<string, string[]>();
  for (const field of node.parents.keys()) {
    const relation = writeRelations(node.table).find((r) => r.name === field);
    for (const [local] of relation?.relation.pairs ?? [])
      parentColumns.set(local, [...(parentColumns.get(local) ?? []), field]);
  }
  const attach = node.attach?.relation.relation;
  const fromParentRow =
    attach && attach.direction === 'backward' ? new Set(attach.pairs.map(([, c]) => c)) : new Set();
  // What each row is checked against, worked out once for the level: only the columns a row's
  // giving them or not can matter for (defaulted, filled through a relation, or required).
  const columns = [...write.columns.values()]
    .map((column) => ({
      column,
      name: column.name,
      defaulted: column.column.hasDefault === true,
      // Its default written per row (no group of its own): what the catalog gives as its DEFAULT.
      perRow: typeof column.column.default === 'string',
      byField: parentColumns.get(column.name),
      fromParentRow: fromParentRow.has(column.name),
      required: requiredOnInsert(column),
    }))
    .filter((c) => c.defaulted || c.byField !== undefined || c.fromParentRow || c.required);
  for (const row of node.rows) {
    let key = '';
    for (const c of columns) {
      const given = row.values.has(c.name);
      const grouped = c.defaulted && !c.perRow;
      if (given && grouped) key += `${c.name},`;
      const byParent = c.byField?.some((f) => row.refs?.has(f) === true) === true;
      if (byParent && grouped) key += `${c.name}<,`;
      const byRelation = byParent || c.fromParentRow;
      if (given && byRelation) {
        throw inputError(
          `"${c.column.fieldName}" is given both as a value and through a relation; give one.`,
          fieldPath(row, c.column.fieldName),
        );
      }
      if (!given && !byRelation && c.required) {
        throw inputError(
          `"${c.column.fieldName}" is required (the column is NOT NULL without a default)` +
            (c.byField !== undefined
              ? `; or give "${c.byField.join('" or "')}" to create the row it refers to.`
              : '.'),
          fieldPath(row, c.column.fieldName),
        );
      }
    }
    let group = groups.get(key);
    if (!group) groups.set(key, (group = []));
    group.push(row);
  }
  // One group (the usual case) gives what the level's rows give; several: each what its own do.
  const givenBy = (rows: WriteRow[]) => {
    if (groups.size === 1) return node.given;
    const given = new Set<string>();
    for (const row of rows) for (const name of row.values.keys()) given.add(name);
    return given;
  };
  node.groups = [...groups.values()].map((rows) => {
    const given = givenBy(rows);
    const defaulted = new Set<string>();
    const partly: PartlyGiven[] = [];
    for (const c of columns) {
      if (!c.defaulted || c.fromParentRow) continue;
      const gives = (row: WriteRow) =>
        row.values.has(c.name) || c.byField?.some((f) => row.refs?.has(f) === true) === true;
      if (!c.perRow) {
        // The rows of a group agree on which such columns a relation fills (it is in their key).
        if (c.byField?.some((f) => rows[0]?.refs?.has(f)) === false) defaulted.add(c.name);
        continue;
      }
      const flags = rows.map(gives);
      if (flags.every((f) => f)) continue;
      // No row gives it: left out of the INSERT, rather than a relation's absent key.
      if (!flags.some((f) => f)) {
        if (c.byField !== undefined) defaulted.add(c.name);
        continue;
      }
      partly.push({ column: c.column, gives: flags });
    }
    return {
      columns: [...write.columns.values()].filter((c) => given.has(c.name)),
      rows,
      defaulted,
      partly,
    };
  });
}

/** Whether the rows of a group differ in giving `column`, with which do (else its default). */
export function partlyGiven(group: WriteGroup, column: ColumnModel): PartlyGiven | undefined {
  return group.partly?.find((p) => p.column === column);
}

/** The value's check; the error's path (the row's, then the field) is built only for an error. */
function checkValue(column: ColumnModel, value: unknown, row: PathStep, field: string): void {
  const problem = operandProblem(column, value) ?? (hasNul(value) ? 'a NUL character' : undefined);
  if (problem !== undefined) {
    throw inputError(
      `"${column.fieldName}" is ${column.column.type.name}: it cannot hold ${problem}.`,
      fieldPath(row, field),
    );
  }
}

function hasNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\0');
  if (Array.isArray(value)) return value.some(hasNul);
  if (typeof value === 'object' && value !== null) return JSON.stringify(value).includes('\\u0000');
  return false;
}

function shapeOf(order: ReadonlyArray<WriteNode>): string {
  return order
    .map((node) => {
      const via = node.attach ? `${node.attach.parent.id}.${node.attach.relation.name}` : '';
      const parents = [...node.parents].map(([field, p]) => `${field}>${p.id}`).join(',');
      const groups = node.groups
        .map(
          (g) =>
            `${g.columns.map((c) => c.name).join(',')}<${[...(g.defaulted ?? [])].join(',')}` +
            `?${(g.partly ?? []).map((p) => p.column.name).join(',')}`,
        )
        .join('|');
      return `${node.id}:${node.table.typeName}<${via}(${groups})[${parents}]`;
    })
    .join(';');
}
