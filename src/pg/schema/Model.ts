import type { CatalogColumn, CatalogTable } from '../catalog/Catalog.js';

/**
 * The reflected database as the SQL compiler sees it: every GraphQL type and field that stands for
 * a table, a column or a relation, keyed by GraphQL names. Built once by `buildModel` from the
 * catalog; the GraphQL schema is generated from it and the compiler reads it at plan time.
 */
export interface Model {
  /** Table types by GraphQL type name. */
  readonly tables: ReadonlyMap<string, TableModel>;
  /** Root query fields by field name. */
  readonly rootFields: ReadonlyMap<string, RootFieldModel>;
  readonly enums: ReadonlyMap<string, EnumModel>;
  /** Root mutation fields by field name (empty when ModelOptions.mutations is false). */
  readonly mutationFields: ReadonlyMap<string, MutationFieldModel>;
  /** Whether update and delete by `where` may be given a filter that selects every row. */
  readonly allowUnfilteredWrites: boolean;
  /** The bounds every request is held to (ModelOptions documents each). */
  readonly limits: ModelLimits;
  /** Names that were taken and what was named instead (docs/pg.md, "Name collisions"). */
  readonly warnings: ReadonlyArray<string>;
  /**
   * Relay global object identification (ModelOptions.relay): the tables with a primary key, by
   * type name, which implement `Node` and have `nodeId`; empty when it is off.
   */
  readonly nodeTypes: ReadonlyMap<string, TableModel>;
}

/** The field of the global id on every `Node` type (docs/pg.md, "Global object identification"). */
export const NODE_ID_FIELD = 'nodeId';

/** ModelOptions' bounds, with their defaults applied. */
export interface ModelLimits {
  readonly defaultPageSize: number;
  readonly maxPageSize: number;
  readonly maxFilterDepth: number;
  readonly maxPatternLength: number;
  readonly maxListLength: number;
  readonly maxMutationRows: number;
}

export interface TableModel {
  readonly table: CatalogTable;
  readonly typeName: string;
  readonly description: string | null;
  /** Columns by GraphQL field name, in table order. */
  readonly columns: ReadonlyMap<string, ColumnModel>;
  /** Primary key columns; empty for a view without one (then no keyset pagination). */
  readonly primaryKey: ReadonlyArray<ColumnModel>;
  /** Relation and computed fields by GraphQL field name, in the order they are exposed. */
  readonly fields: Map<string, FieldModel>;
  /** Relations usable in `where` (by field name, without the Connection/Aggregate variants). */
  readonly relationFilters: Map<string, RelationModel>;
  readonly listField: string;
  /**
   * The orderable columns by their enum value name (`author_id` → `AUTHOR_ID`): what `distinctOn`
   * and an aggregate's `groups(groupBy:)` name (`<Type>OrderableColumn`).
   */
  readonly orderableColumns: ReadonlyMap<string, ColumnModel>;
  /** Names of the mutation input types; undefined when the table takes no writes (no key, a view). */
  readonly write: TableWriteModel | undefined;
}

/** What a table takes in mutations: its writable columns and the keys an upsert can name. */
export interface TableWriteModel {
  /** Columns an insert or update may set, by field name (not generated, not identity ALWAYS). */
  readonly columns: ReadonlyMap<string, ColumnModel>;
  /** Primary key and unique constraints: enum value name → constraint. */
  readonly constraints: ReadonlyMap<string, KeyConstraintModel>;
  /** Enum value name of each writable column (`business_key` → `BUSINESS_KEY`). */
  readonly columnValues: ReadonlyMap<string, ColumnModel>;
}

export interface KeyConstraintModel {
  readonly name: string;
  readonly columns: ReadonlyArray<ColumnModel>;
}

export type MutationKind =
  'createMany' | 'createOne' | 'updateOne' | 'updateMany' | 'deleteOne' | 'deleteMany';

export interface MutationFieldModel {
  readonly kind: MutationKind;
  readonly table: TableModel;
}

export type ScalarKind =
  | 'Int'
  | 'Float'
  | 'String'
  | 'Boolean'
  | 'BigInt'
  | 'BigFloat'
  | 'UUID'
  | 'Datetime'
  | 'Date'
  | 'JSON'
  | 'enum';

export interface ColumnModel {
  readonly column: CatalogColumn;
  readonly name: string;
  readonly fieldName: string;
  readonly scalar: ScalarKind;
  readonly enumModel: EnumModel | undefined;
  readonly isArray: boolean;
  readonly notNull: boolean;
  readonly textForm: TextForm;
  /** Can be compared with < and > and used in orderBy and cursors. */
  readonly orderable: boolean;
  /**
   * PostgreSQL has `=` for the column's type (CatalogType.equality): `eq`, `neq`, `in`, `notIn`
   * in `where`; else an upsert compares it by its text.
   */
  readonly equality: boolean;
  /**
   * PostgreSQL orders the column's type (CatalogType.ordering): `lt`, `lte`, `gt`, `gte` in
   * `where` (also for a type written by its output function, `interval`, `inet`, …, which is not
   * `orderable`).
   */
  readonly ordering: boolean;
  /** Full-text search (`matches`), when the column offers it (docs/pg.md, "Queries"). */
  readonly textSearch?: TextSearch | undefined;
}

/**
 * `tsvector`: the column is a document; `expression`: a text column with an index on
 * `to_tsvector('<config>'::regconfig, column)`, searched through that very expression.
 */
export type TextSearch =
  { readonly kind: 'tsvector' } | { readonly kind: 'expression'; readonly config: string };

/**
 * How a column's value is written in the response JSON: `json`, PostgreSQL's JSON form; `cast`,
 * `::text` (int8 and numeric, whose JSON numbers JavaScript would round; their cast is their
 * output function); `output`, the type's output function (types without a JSON form of their own:
 * `interval`, `inet`, `bytea`, …, whose cast to text may differ, as `inet`'s does).
 */
export type TextForm = 'json' | 'cast' | 'output';

export interface EnumModel {
  readonly typeName: string;
  readonly schema: string;
  readonly pgName: string;
  readonly description: string | null;
  /** GraphQL value name → PostgreSQL label, in sort order. */
  readonly values: ReadonlyMap<string, string>;
  /** True when every GraphQL name equals its label, so SQL needs no translation. */
  readonly identity: boolean;
}

/** A way from one table's row to rows of another. */
export interface RelationModel {
  readonly target: TableModel;
  /** Pairs (column of the row we come from, column of the row we go to)… */
  readonly pairs: ReadonlyArray<readonly [string, string]>;
  /** …or, for many-to-many, through a junction table: source→junction, then junction→target. */
  readonly via?: {
    readonly junction: CatalogTable;
    readonly sourcePairs: ReadonlyArray<readonly [string, string]>;
    readonly targetPairs: ReadonlyArray<readonly [string, string]>;
  };
  /**
   * `forward`: a foreign key seen from its own table (the related row is the parent); `backward`:
   * seen from the table it points at; `junction`: many-to-many through `via`.
   */
  readonly direction: 'forward' | 'backward' | 'junction';
  /** At most one row (a foreign key seen from its own table). */
  readonly toOne: boolean;
  /**
   * For to-one: every local column is NOT NULL, the key is validated and the related table has
   * no row-level security, so every reader finds the related row.
   */
  readonly required: boolean;
}

export type FieldModel =
  | { readonly kind: 'relation'; readonly shape: RelationShape; readonly relation: RelationModel }
  | { readonly kind: 'computed'; readonly computed: ComputedFieldModel };

export type RelationShape = 'one' | 'list' | 'connection' | 'aggregate';

export interface ComputedFieldModel {
  /** The GraphQL output type in SDL (`String!`, `[Int!]`, a reflected type name). */
  readonly type: string;
  readonly description: string | undefined;
  readonly needs: ReadonlyArray<ColumnModel>;
  readonly resolve: (
    row: Record<string, unknown>,
    args: Record<string, unknown>,
    context: unknown,
  ) => unknown;
}

export type RootFieldModel =
  | {
      readonly kind: 'single';
      readonly table: TableModel;
      /** The columns of the primary key or unique constraint the row is looked up by. */
      readonly key: ReadonlyArray<ColumnModel>;
    }
  | { readonly kind: 'list' | 'connection' | 'aggregate'; readonly table: TableModel }
  /** `node(id:)`: the row of any `Node` type, by its global id. */
  | { readonly kind: 'node' }
  /** `nodes(ids:)`: a row (or null) per global id, in their order. */
  | { readonly kind: 'nodes' };

/** The key under which a computed field finds a column it needs in value mode (not a GraphQL name). */
export function neededColumnKey(column: string): string {
  return `#${column}`;
}
