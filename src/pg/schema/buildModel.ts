import type { Catalog, CatalogForeignKey, CatalogTable } from '../catalog/Catalog.js';
import { defaultInflector, type Inflector } from './inflector.js';
import type {
  ColumnModel,
  KeyConstraintModel,
  MutationFieldModel,
  TableWriteModel,
  ComputedFieldModel,
  EnumModel,
  FieldModel,
  Model,
  ModelLimits,
  RelationModel,
  RootFieldModel,
  TableModel,
} from './Model.js';
import { scalarKind } from './scalarKind.js';

export interface ModelOptions {
  /** Table names (`users` or `public.users`) to expose; default: every table and view. */
  readonly include?: ReadonlyArray<string>;
  readonly exclude?: ReadonlyArray<string>;
  readonly inflector?: Partial<Inflector>;
  /**
   * Single-name overrides: `users` → type name, `users.full_name` → field name of a column,
   * `posts.posts_author_id_fkey` → the relation field of that foreign key on `posts`, and
   * `posts.posts_author_id_fkey.backward` → its field on the table it points at.
   */
  readonly rename?: Readonly<Record<string, string>>;
  /** Computed fields by table name, then field name. */
  readonly computed?: Readonly<Record<string, Readonly<Record<string, ComputedFieldInput>>>>;
  /**
   * Rows a list or connection returns when the request gives no size (`limit`, `first`, `last`
   * absent or null): at the root, and per parent row for nested relations. It is `limit`'s
   * GraphQL default value and the size the engine's cost estimate assumes. Default 100.
   */
  readonly defaultPageSize?: number;
  /**
   * Largest `limit`, `first` or `last` a request may give; above it the request is refused with
   * BAD_USER_INPUT. Default 1,000.
   */
  readonly maxPageSize?: number;
  /**
   * How deeply a `where` argument may nest, counted in `<Type>Where` objects along the deepest
   * path: the argument itself is level 1, and each `and`/`or` item, `not`, to-one relation filter
   * and `some`/`every`/`none` of a to-many relation filter is one level more. Deeper filters are
   * refused with MAX_INPUT_DEPTH_EXCEEDED before any SQL is built (PostgreSQL plans a deeply
   * nested condition in time that grows faster than its size). Default 10.
   */
  readonly maxFilterDepth?: number;
  /**
   * Longest `like`/`ilike` pattern, in characters; longer ones are refused with BAD_USER_INPUT
   * (matching costs time in proportion to the pattern's length, for every row). Default 1,000.
   */
  readonly maxPatternLength?: number;
  /** Most values `in`/`notIn` take; more are refused with BAD_USER_INPUT. Default 10,000. */
  readonly maxListLength?: number;
  /**
   * Most rows one mutation root field may write, counted across nesting (a customer with two
   * contracts is three rows); more are refused with BAD_USER_INPUT before any SQL. Default 1,000.
   */
  readonly maxMutationRows?: number;
  /** Whether the Mutation type exists (create, update, delete per table with a key). Default true. */
  readonly mutations?: boolean;
  /**
   * Whether update and delete by `where` may be given a filter that sets no condition (and so
   * reaches every row). Default false: refused with UNFILTERED_WRITE.
   */
  readonly allowUnfilteredWrites?: boolean;
}

/** The production defaults of ModelOptions' bounds. */
export const DEFAULT_LIMITS: ModelLimits = {
  defaultPageSize: 100,
  maxPageSize: 1000,
  maxFilterDepth: 10,
  maxPatternLength: 1000,
  maxListLength: 10_000,
  maxMutationRows: 1000,
};

export interface ComputedFieldInput {
  /** The GraphQL type, in SDL: `String!`, `[Int!]`, or a reflected type name. */
  readonly type: string;
  /** Column names this field reads from the row. */
  readonly needs: ReadonlyArray<string>;
  readonly description?: string;
  readonly resolve: ComputedFieldModel['resolve'];
}

/** Builds the model: which types and fields exist, and what table, column or join each stands for. */
export function buildModel(catalog: Catalog, options: ModelOptions = {}): Model {
  const limits = modelLimits(options);
  const inflect: Inflector = { ...defaultInflector, ...options.inflector };
  const rename = options.rename ?? {};
  const exposed = catalog.tables.filter((t) => isExposed(t, options));

  const enums = new Map<string, EnumModel>();
  const enumByPg = new Map<string, EnumModel>();
  for (const e of catalog.enums) {
    const values = new Map(e.labels.map((label) => [inflect.enumValueName(label), label]));
    const model: EnumModel = {
      typeName: rename[e.name] ?? inflect.enumName(e),
      schema: e.schema,
      pgName: e.name,
      description: e.comment,
      values,
      identity: [...values].every(([name, label]) => name === label),
    };
    enums.set(model.typeName, model);
    enumByPg.set(`${e.schema}.${e.name}`, model);
  }

  const tables = new Map<string, TableModel>();
  const byPg = new Map<string, TableModel>();
  for (const table of exposed) {
    const columns = new Map<string, ColumnModel>();
    for (const column of table.columns) {
      const kind = scalarKind(column.type);
      const fieldName = rename[`${table.name}.${column.name}`] ?? inflect.fieldName(column.name);
      columns.set(fieldName, {
        column,
        name: column.name,
        fieldName,
        ...kind,
        orderable: kind.orderable && !column.type.isArray,
        enumModel: column.type.isEnum
          ? enumByPg.get(`${column.type.schema}.${column.type.name}`)
          : undefined,
        isArray: column.type.isArray,
        notNull: column.notNull,
      });
    }
    const byName = new Map([...columns.values()].map((c) => [c.name, c]));
    const model: TableModel = {
      table,
      typeName: rename[table.name] ?? inflect.typeName(table),
      description: table.comment,
      columns,
      primaryKey: table.primaryKey.map((name) => byName.get(name) as ColumnModel),
      fields: new Map(),
      relationFilters: new Map(),
      listField: inflect.listField(table),
      write: writeModel(table, columns, byName, inflect),
    };
    if (tables.has(model.typeName)) {
      throw new Error(
        `Two tables are both named ${model.typeName} in GraphQL; rename one (option rename).`,
      );
    }
    tables.set(model.typeName, model);
    byPg.set(key(table.schema, table.name), model);
  }

  const addField = (owner: TableModel, name: string, field: FieldModel) => {
    if (owner.columns.has(name) || owner.fields.has(name)) {
      throw new Error(
        `${owner.typeName}.${name} would be defined twice (by a column, a relation or a computed field); ` +
          'use the rename or inflector option to tell them apart.',
      );
    }
    owner.fields.set(name, field);
  };
  const addToMany = (owner: TableModel, name: string, relation: RelationModel) => {
    addField(owner, name, { kind: 'relation', shape: 'list', relation });
    addField(owner, inflect.connectionField(name), {
      kind: 'relation',
      shape: 'connection',
      relation,
    });
    addField(owner, inflect.aggregateField(name), {
      kind: 'relation',
      shape: 'aggregate',
      relation,
    });
    owner.relationFilters.set(name, relation);
  };

  for (const source of tables.values()) {
    for (const fk of source.table.foreignKeys) {
      const target = byPg.get(key(fk.foreignSchema, fk.foreignTable));
      if (!target) continue;
      const pairs = fk.columns.map((c, i) => [c, fk.foreignColumns[i] as string] as const);
      const required = fk.columns.every(
        (c) => source.table.columns.find((col) => col.name === c)?.notNull,
      );
      const forward: RelationModel = {
        target,
        pairs,
        direction: 'forward',
        toOne: true,
        required,
      };
      const forwardName =
        rename[`${source.table.name}.${fk.name}`] ?? inflect.forwardRelation(fk, target.table);
      addField(source, forwardName, { kind: 'relation', shape: 'one', relation: forward });
      source.relationFilters.set(forwardName, forward);

      const ambiguous =
        source.table.foreignKeys.filter((other) => sameTarget(other, fk)).length > 1;
      const backward: RelationModel = {
        target: source,
        pairs: pairs.map(([a, b]) => [b, a] as const),
        direction: 'backward',
        toOne: isUnique(source.table, fk.columns),
        required: false,
      };
      const backwardName =
        rename[`${source.table.name}.${fk.name}.backward`] ??
        (backward.toOne
          ? inflect.singular(inflect.backwardRelation(fk, source.table, ambiguous))
          : inflect.backwardRelation(fk, source.table, ambiguous));
      if (backward.toOne) {
        addField(target, backwardName, { kind: 'relation', shape: 'one', relation: backward });
        target.relationFilters.set(backwardName, backward);
      } else {
        addToMany(target, backwardName, backward);
      }
    }
  }

  for (const junction of tables.values()) {
    const fks = junctionKeys(junction.table);
    if (!fks) continue;
    for (const [from, to] of [fks, [fks[1], fks[0]] as const]) {
      const source = byPg.get(key(from.foreignSchema, from.foreignTable));
      const target = byPg.get(key(to.foreignSchema, to.foreignTable));
      if (!source || !target) continue;
      const ambiguous = source === target || countJunctions(tables, source, target) > 1;
      const relation: RelationModel = {
        target,
        pairs: [],
        direction: 'junction',
        via: {
          junction: junction.table,
          sourcePairs: from.foreignColumns.map((c, i) => [c, from.columns[i] as string] as const),
          targetPairs: to.columns.map((c, i) => [c, to.foreignColumns[i] as string] as const),
        },
        toOne: false,
        required: false,
      };
      addToMany(
        source,
        inflect.manyToManyRelation(junction.table, target.table, ambiguous, to),
        relation,
      );
    }
  }

  for (const [tableName, fields] of Object.entries(options.computed ?? {})) {
    const owner = [...tables.values()].find((t) => t.table.name === tableName);
    if (!owner) throw new Error(`Computed fields for unknown table ${tableName}`);
    for (const [fieldName, input] of Object.entries(fields)) {
      const needs = input.needs.map((name) => {
        const column = [...owner.columns.values()].find((c) => c.name === name);
        if (!column)
          throw new Error(
            `Computed field ${owner.typeName}.${fieldName} needs unknown column ${name}`,
          );
        return column;
      });
      addField(owner, fieldName, {
        kind: 'computed',
        computed: {
          type: input.type,
          description: input.description,
          needs,
          resolve: input.resolve,
        },
      });
    }
  }

  const rootFields = new Map<string, RootFieldModel>();
  const addRoot = (name: string, field: RootFieldModel) => {
    if (rootFields.has(name))
      throw new Error(`Query.${name} would be defined twice; use the rename option.`);
    rootFields.set(name, field);
  };
  for (const table of tables.values()) {
    const list = rename[`${table.table.name}.list`] ?? table.listField;
    addRoot(list, { kind: 'list', table });
    if (table.primaryKey.length > 0) {
      addRoot(inflect.connectionField(list), { kind: 'connection', table });
      addRoot(rename[`${table.table.name}.single`] ?? inflect.singleField(table.table), {
        kind: 'single',
        table,
      });
    }
    addRoot(inflect.aggregateField(list), { kind: 'aggregate', table });
  }
  const mutationFields = new Map<string, MutationFieldModel>();
  for (const table of options.mutations === false ? [] : tables.values()) {
    if (!table.write) continue;
    const list = rename[`${table.table.name}.list`] ?? table.listField;
    const single = rename[`${table.table.name}.single`] ?? inflect.singleField(table.table);
    const names: ReadonlyArray<readonly [MutationFieldModel['kind'], string]> = [
      ['createMany', inflect.mutationField('create', list)],
      ['createOne', inflect.mutationField('create', single)],
      ['updateOne', inflect.mutationField('update', single)],
      ['updateMany', inflect.mutationField('update', list)],
      ['deleteOne', inflect.mutationField('delete', single)],
      ['deleteMany', inflect.mutationField('delete', list)],
    ];
    for (const [kind, generated] of names) {
      const name = rename[`${table.table.name}.${kind}`] ?? generated;
      if (mutationFields.has(name))
        throw new Error(`Mutation.${name} would be defined twice; use the rename option.`);
      mutationFields.set(name, { kind, table });
    }
  }
  return {
    tables,
    rootFields,
    enums,
    limits,
    mutationFields,
    allowUnfilteredWrites: options.allowUnfilteredWrites === true,
  };
}

/**
 * What a table takes in mutations: ordinary tables with a primary key only (a view has none). A
 * generated column and an identity ALWAYS column are never written.
 */
function writeModel(
  table: CatalogTable,
  columns: ReadonlyMap<string, ColumnModel>,
  byName: ReadonlyMap<string, ColumnModel>,
  inflect: Inflector,
): TableWriteModel | undefined {
  if (table.kind !== 'table' || table.primaryKey.length === 0) return undefined;
  const writable = new Map(
    [...columns].filter(([, c]) => !c.column.generated && c.column.identity !== 'always'),
  );
  const constraints = new Map<string, KeyConstraintModel>();
  for (const constraint of table.keyConstraints ?? []) {
    const keyColumns = constraint.columns.map((name) => byName.get(name));
    if (keyColumns.some((c) => c === undefined)) continue;
    constraints.set(inflect.constantName(constraint.name), {
      name: constraint.name,
      columns: keyColumns as ColumnModel[],
    });
  }
  const columnValues = new Map(
    [...writable.values()].map((c) => [inflect.constantName(c.name), c] as const),
  );
  return { columns: writable, constraints, columnValues };
}

function modelLimits(options: ModelOptions): ModelLimits {
  const limits: Record<keyof ModelLimits, number> = { ...DEFAULT_LIMITS };
  for (const name of Object.keys(DEFAULT_LIMITS) as Array<keyof ModelLimits>) {
    const given = options[name];
    if (given === undefined) continue;
    if (!Number.isSafeInteger(given) || given < 1)
      throw new Error(`Option ${name} must be a positive integer (got ${String(given)}).`);
    limits[name] = given;
  }
  if (limits.defaultPageSize > limits.maxPageSize) {
    throw new Error(
      `Option defaultPageSize (${limits.defaultPageSize}) must not be larger than maxPageSize (${limits.maxPageSize}).`,
    );
  }
  return limits;
}

function key(schema: string, name: string): string {
  return `${schema}.${name}`;
}

function isExposed(table: CatalogTable, options: ModelOptions): boolean {
  const names = [table.name, key(table.schema, table.name)];
  if (options.include && !options.include.some((n) => names.includes(n))) return false;
  return !(options.exclude ?? []).some((n) => names.includes(n));
}

function sameTarget(a: CatalogForeignKey, b: CatalogForeignKey): boolean {
  return a.foreignSchema === b.foreignSchema && a.foreignTable === b.foreignTable;
}

function isUnique(table: CatalogTable, columns: ReadonlyArray<string>): boolean {
  const same = (k: ReadonlyArray<string>) =>
    k.length === columns.length && k.every((c) => columns.includes(c));
  return same(table.primaryKey) || table.uniqueKeys.some(same);
}

/** A junction table: exactly two foreign keys whose columns together are its primary key. */
function junctionKeys(
  table: CatalogTable,
): readonly [CatalogForeignKey, CatalogForeignKey] | undefined {
  const [a, b, ...rest] = table.foreignKeys;
  if (!a || !b || rest.length > 0) return undefined;
  const cols = new Set([...a.columns, ...b.columns]);
  const pk = table.primaryKey;
  return pk.length === cols.size && pk.every((c) => cols.has(c)) ? [a, b] : undefined;
}

function countJunctions(
  tables: ReadonlyMap<string, TableModel>,
  a: TableModel,
  b: TableModel,
): number {
  let n = 0;
  for (const t of tables.values()) {
    const fks = junctionKeys(t.table);
    if (!fks) continue;
    const targets = fks.map((fk) => key(fk.foreignSchema, fk.foreignTable));
    const want = [key(a.table.schema, a.table.name), key(b.table.schema, b.table.name)];
    if (targets.includes(want[0] as string) && targets.includes(want[1] as string)) n++;
  }
  return n;
}
