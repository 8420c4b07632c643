import type { Catalog, CatalogEnum, CatalogForeignKey, CatalogTable } from '../catalog/Catalog.js';
import { defaultInflector, pascalCase, type Inflector } from './inflector.js';
import type {
  ColumnModel,
  KeyConstraintModel,
  MutationFieldModel,
  TableWriteModel,
  ComputedFieldModel,
  EnumModel,
  Model,
  ModelLimits,
  RelationModel,
  RootFieldModel,
  TableModel,
} from './Model.js';
import { withDeclaredKeys, type DeclaredKeys } from './declaredKeys.js';
import { NODE_ID_FIELD } from './Model.js';
import { NameScope } from './NameScope.js';
import { unusedRenameWarnings } from './renameKeys.js';
import { scalarKind } from './scalarKind.js';
import { textSearchOf } from './textSearch.js';
import { uniqueLookupKeys } from './uniqueLookups.js';
import {
  BUILT_IN_TYPE_NAMES,
  enumTypeNames,
  tableTypeNames,
  WHERE_OPERATORS,
} from './typeNames.js';

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
  /**
   * Keys of views (and materialized or foreign tables), by name (`name` or `schema.name`): a
   * primary key, unique keys and foreign keys PostgreSQL cannot hold for them (declaredKeys.ts).
   */
  readonly viewKeys?: Readonly<Record<string, DeclaredKeys>>;
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
  /**
   * Relay global object identification (docs/pg.md, "Global object identification"): an
   * interface `Node { nodeId: ID! }` that every table or view with a primary key implements, and
   * `Query.node(id: ID!)`. Default false.
   */
  readonly relay?: boolean;
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
export function buildModel(reflected: Catalog, options: ModelOptions = {}): Model {
  const catalog = withDeclaredKeys(reflected, options.viewKeys);
  const limits = modelLimits(options);
  const inflect: Inflector = { ...defaultInflector, ...options.inflector };
  const rename = options.rename ?? {};
  const exposed = catalog.tables.filter((t) => isExposed(t, options));
  const warnings: string[] = unusedRenameWarnings(catalog, exposed, rename);
  const relay = options.relay === true;
  const types = new NameScope('types', warnings, [
    ...BUILT_IN_TYPE_NAMES,
    ...(relay ? ['Node'] : []),
  ]);
  const query = new NameScope('Query', warnings, relay ? ['node', 'nodes'] : []);
  const enumWhat = (e: CatalogEnum) => `enum ${e.schema}.${e.name}`;
  const tableWhat = (t: CatalogTable) => `table ${t.schema}.${t.name}`;
  for (const e of catalog.enums) {
    const given = rename[e.name];
    if (given !== undefined) types.reserve(enumTypeNames(given), enumWhat(e));
  }
  for (const t of exposed) {
    const given = rename[t.name];
    if (given !== undefined) types.reserve(tableTypeNames(given), tableWhat(t));
  }

  const enums = new Map<string, EnumModel>();
  const enumByPg = new Map<string, EnumModel>();
  for (const e of catalog.enums) {
    const values = new Map(e.labels.map((label) => [inflect.enumValueName(label), label]));
    const model: EnumModel = {
      typeName: types.claim(enumWhat(e), rename[e.name] ?? inflect.enumName(e), enumTypeNames),
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
  const scopes = new Map<TableModel, NameScope>();
  for (const table of exposed) {
    const typeName = types.claim(
      tableWhat(table),
      rename[table.name] ?? inflect.typeName(table),
      tableTypeNames,
    );
    const keyed = relay && table.primaryKey.length > 0;
    const scope = new NameScope(typeName, warnings, [
      ...WHERE_OPERATORS,
      ...(keyed ? [NODE_ID_FIELD] : []),
    ]);
    reserveGivenFields(scope, table, options, exposed);
    const columns = new Map<string, ColumnModel>();
    for (const column of table.columns) {
      const kind = scalarKind(column.type);
      const fieldName = scope.claim(
        `column ${table.name}.${column.name}`,
        rename[`${table.name}.${column.name}`] ?? inflect.fieldName(column.name),
      );
      columns.set(fieldName, {
        column,
        name: column.name,
        fieldName,
        ...kind,
        orderable: kind.orderable && column.type.ordering !== false && !column.type.isArray,
        equality: column.type.equality !== false,
        ordering: column.type.equality !== false && column.type.ordering !== false,
        enumModel: column.type.isEnum
          ? enumByPg.get(`${column.type.schema}.${column.type.name}`)
          : undefined,
        isArray: column.type.isArray,
        notNull: column.notNull,
        textSearch: textSearchOf(column),
      });
    }
    const byName = new Map([...columns.values()].map((c) => [c.name, c]));
    const model: TableModel = {
      table,
      typeName,
      description: table.comment,
      columns,
      primaryKey: table.primaryKey.map((name) => byName.get(name) as ColumnModel),
      fields: new Map(),
      relationFilters: new Map(),
      listField: inflect.listField(table),
      orderableColumns: orderableColumns(columns, inflect),
      write: writeModel(table, columns, byName, inflect),
    };
    tables.set(model.typeName, model);
    byPg.set(key(table.schema, table.name), model);
    scopes.set(model, scope);
  }

  const scopeOf = (table: TableModel) => scopes.get(table) as NameScope;
  const toManyNames = (name: string) => relationFieldNames(inflect, name);
  /** A relation field: one, or for to-many the list, its connection and its aggregate. */
  const addRelation = (
    owner: TableModel,
    what: string,
    wanted: string,
    alternative: string,
    relation: RelationModel,
  ) => {
    const names = relation.toOne ? undefined : toManyNames;
    const name = scopeOf(owner).claim(what, wanted, names, [alternative]);
    owner.relationFilters.set(name, relation);
    if (relation.toOne) {
      owner.fields.set(name, { kind: 'relation', shape: 'one', relation });
      return;
    }
    const [list, connection, aggregate] = toManyNames(name) as [string, string, string];
    owner.fields.set(list, { kind: 'relation', shape: 'list', relation });
    owner.fields.set(connection, { kind: 'relation', shape: 'connection', relation });
    owner.fields.set(aggregate, { kind: 'relation', shape: 'aggregate', relation });
  };

  for (const source of tables.values()) {
    for (const fk of source.table.foreignKeys) {
      const target = byPg.get(key(fk.foreignSchema, fk.foreignTable));
      if (!target) continue;
      const pairs = fk.columns.map((c, i) => [c, fk.foreignColumns[i] as string] as const);
      const required =
        relatedRowAlwaysVisible(fk, target.table) &&
        fk.columns.every((c) => source.table.columns.find((col) => col.name === c)?.notNull);
      const forward: RelationModel = {
        target,
        pairs,
        direction: 'forward',
        toOne: true,
        required,
      };
      addRelation(
        source,
        forwardWhat(source.table, fk),
        rename[`${source.table.name}.${fk.name}`] ?? inflect.forwardRelation(fk, target.table),
        `${inflect.singleField(target.table)}By${pascalCase(fk.columns.join('_'))}`,
        forward,
      );

      const ambiguous =
        source.table.foreignKeys.filter((other) => sameTarget(other, fk)).length > 1;
      const backward: RelationModel = {
        target: source,
        pairs: pairs.map(([a, b]) => [b, a] as const),
        direction: 'backward',
        toOne: isUnique(source.table, fk.columns),
        required: false,
      };
      const backwardName = (disambiguated: boolean) => {
        const name = inflect.backwardRelation(fk, source.table, disambiguated);
        return backward.toOne ? inflect.singular(name) : name;
      };
      const given = rename[`${source.table.name}.${fk.name}.backward`];
      addRelation(
        target,
        backwardWhat(source.table, fk),
        given ?? backwardName(ambiguous),
        backwardName(true),
        backward,
      );
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
      addRelation(
        source,
        `the many-to-many relation through ${junction.table.name}.${to.name}`,
        inflect.manyToManyRelation(junction.table, target.table, ambiguous, to),
        inflect.manyToManyRelation(junction.table, target.table, true, to),
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
      scopeOf(owner).claim(computedWhat(tableName, fieldName), fieldName);
      owner.fields.set(fieldName, {
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

  const rootFields = new Map<string, RootFieldModel>(
    relay
      ? [
          ['node', { kind: 'node' }],
          ['nodes', { kind: 'nodes' }],
        ]
      : [],
  );
  /** The list and primary-key lookup names each table was given (mutations are named after them). */
  const rootNames = new Map<TableModel, { readonly list: string; readonly single: string }>();
  const tableRoots = [...tables.values()].map((table) => {
    const pg = table.table.name;
    const lists = (base: string) =>
      table.primaryKey.length > 0
        ? [base, inflect.connectionField(base), inflect.aggregateField(base)]
        : [base, inflect.aggregateField(base)];
    const list = rename[`${pg}.list`];
    if (list !== undefined) query.reserve(lists(list), `the lists of ${pg}`);
    const single = rename[`${pg}.single`];
    if (single !== undefined) query.reserve([single], `the primary-key lookup of ${pg}`);
    return { table, lists, list: list ?? table.listField, single };
  });
  for (const { table, lists, list, single } of tableRoots) {
    const pg = table.table.name;
    const name = query.claim(`the lists of ${pg}`, list, lists);
    rootFields.set(name, { kind: 'list', table });
    if (table.primaryKey.length > 0) {
      rootFields.set(inflect.connectionField(name), { kind: 'connection', table });
      const lookup = query.claim(
        `the primary-key lookup of ${pg}`,
        single ?? inflect.singleField(table.table),
      );
      rootFields.set(lookup, { kind: 'single', table, key: table.primaryKey });
      rootNames.set(table, { list: name, single: lookup });
    }
    for (const key of uniqueLookupKeys(table)) {
      const columns = key.map((c) => c.name);
      const lookup = query.claim(
        `the lookup of ${pg} by (${columns.join(', ')})`,
        inflect.uniqueLookupField(table.table, columns),
      );
      rootFields.set(lookup, { kind: 'single', table, key });
    }
    rootFields.set(inflect.aggregateField(name), { kind: 'aggregate', table });
  }
  // The mutations of a table are named after its claimed list and lookup names; names given
  // through `rename` are reserved first, as on every other scope.
  const mutation = new NameScope('Mutation', warnings);
  const writes = (options.mutations === false ? [] : [...tables.values()]).flatMap((table) => {
    const names = rootNames.get(table);
    if (!table.write || !names) return [];
    const pg = table.table.name;
    return MUTATION_KINDS.map(([kind, verb, of]) => {
      const given = rename[`${pg}.${kind}`];
      const what = `the ${kind} mutation of ${pg}`;
      if (given !== undefined) mutation.reserve([given], what);
      return { kind, table, what, name: given ?? inflect.mutationField(verb, names[of]) };
    });
  });
  const mutationFields = new Map<string, MutationFieldModel>();
  for (const { kind, table, what, name } of writes) {
    mutationFields.set(mutation.claim(what, name), { kind, table });
  }
  return {
    tables,
    rootFields,
    enums,
    limits,
    warnings,
    mutationFields,
    allowUnfilteredWrites: options.allowUnfilteredWrites === true,
    nodeTypes: new Map(relay ? [...tables].filter(([, table]) => table.primaryKey.length > 0) : []),
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
  const keyed: KeyConstraintModel[] = [];
  for (const constraint of table.keyConstraints ?? []) {
    const keyColumns = constraint.columns.map((name) => byName.get(name));
    if (keyColumns.some((c) => c === undefined)) continue;
    keyed.push({ name: constraint.name, columns: keyColumns as ColumnModel[] });
  }
  const constraints = byConstantName(keyed, inflect);
  const columnValues = byConstantName(writable.values(), inflect);
  return { columns: writable, constraints, columnValues };
}

/** The orderable columns by enum value name, in table order (`byConstantName`). */
function orderableColumns(
  columns: ReadonlyMap<string, ColumnModel>,
  inflect: Inflector,
): Map<string, ColumnModel> {
  return byConstantName(
    [...columns.values()].filter((column) => column.orderable),
    inflect,
  );
}

/**
 * Columns or constraints by their enum value name (`inflect.constantName` of their database
 * name), in order; of two with the same constant name (`a_b` and `aB`), the first keeps it and
 * the other gets the first free numeric suffix (`A_B2`), so that no enum loses a member.
 */
function byConstantName<T extends { readonly name: string }>(
  items: Iterable<T>,
  inflect: Inflector,
): Map<string, T> {
  const values = new Map<string, T>();
  for (const item of items) {
    const base = inflect.constantName(item.name);
    let name = base;
    for (let n = 2; values.has(name); n++) name = `${base}${n}`;
    values.set(name, item);
  }
  return values;
}

/**
 * Reserves the field names the options give on `table`: renamed columns, renamed relations (to
 * one, or the three fields of a to-many one) and computed fields.
 */
function reserveGivenFields(
  scope: NameScope,
  table: CatalogTable,
  options: ModelOptions,
  exposed: ReadonlyArray<CatalogTable>,
): void {
  const rename = options.rename ?? {};
  const inflect: Inflector = { ...defaultInflector, ...options.inflector };
  for (const column of table.columns) {
    const given = rename[`${table.name}.${column.name}`];
    if (given !== undefined) scope.reserve([given], `column ${table.name}.${column.name}`);
  }
  for (const fk of table.foreignKeys) {
    const given = rename[`${table.name}.${fk.name}`];
    if (given !== undefined) scope.reserve([given], forwardWhat(table, fk));
  }
  for (const source of exposed) {
    for (const fk of source.foreignKeys) {
      if (fk.foreignSchema !== table.schema || fk.foreignTable !== table.name) continue;
      const given = rename[`${source.name}.${fk.name}.backward`];
      if (given === undefined) continue;
      const names = isUnique(source, fk.columns) ? [given] : relationFieldNames(inflect, given);
      scope.reserve(names, backwardWhat(source, fk));
    }
  }
  for (const fieldName of Object.keys(options.computed?.[table.name] ?? {})) {
    scope.reserve([fieldName], computedWhat(table.name, fieldName));
  }
}

/** The three fields of a to-many relation: `posts`, `postsConnection`, `postsAggregate`. */
function relationFieldNames(inflect: Inflector, name: string): string[] {
  return [name, inflect.connectionField(name), inflect.aggregateField(name)];
}

/**
 * Whether every reader finds the row a key points at: not through a key added `NOT VALID` (older
 * rows may point nowhere), nor in a table under row-level security (a policy may hide it).
 */
function relatedRowAlwaysVisible(fk: CatalogForeignKey, target: CatalogTable): boolean {
  return fk.validated !== false && target.rowSecurity !== true;
}

function forwardWhat(table: CatalogTable, fk: CatalogForeignKey): string {
  return `the foreign key ${table.name}.${fk.name}`;
}

function backwardWhat(table: CatalogTable, fk: CatalogForeignKey): string {
  return `the foreign key ${table.name}.${fk.name} (seen from ${fk.foreignTable})`;
}

function computedWhat(table: string, field: string): string {
  return `the computed field ${table}.${field}`;
}

/** Each mutation field of a table: its kind, its verb, and the root name it is named after. */
const MUTATION_KINDS = [
  ['createMany', 'create', 'list'],
  ['createOne', 'create', 'single'],
  ['updateOne', 'update', 'single'],
  ['updateMany', 'update', 'list'],
  ['deleteOne', 'delete', 'single'],
  ['deleteMany', 'delete', 'list'],
] as const satisfies ReadonlyArray<
  readonly [MutationFieldModel['kind'], string, 'list' | 'single']
>;

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
