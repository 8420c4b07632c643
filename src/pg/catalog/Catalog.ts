/**
 * What reflection reads from `pg_catalog`, as plain data. Everything the schema builder and the
 * SQL compiler know about the database comes from here.
 */
export interface Catalog {
  readonly tables: ReadonlyArray<CatalogTable>;
  readonly enums: ReadonlyArray<CatalogEnum>;
}

export interface CatalogTable {
  readonly schema: string;
  readonly name: string;
  /** `table` (ordinary or partitioned), `view`, `materializedView` or `foreignTable`. */
  readonly kind: 'table' | 'view' | 'materializedView' | 'foreignTable';
  readonly comment: string | null;
  readonly columns: ReadonlyArray<CatalogColumn>;
  /** Column names of the primary key, in key order; empty when there is none. */
  readonly primaryKey: ReadonlyArray<string>;
  readonly uniqueKeys: ReadonlyArray<ReadonlyArray<string>>;
  /** The primary key and unique constraints by name (the targets of an upsert's `onConflict`). */
  readonly keyConstraints?: ReadonlyArray<CatalogKeyConstraint>;
  readonly foreignKeys: ReadonlyArray<CatalogForeignKey>;
  /** Row-level security is enabled (`ENABLE ROW LEVEL SECURITY`): a policy may hide rows. */
  readonly rowSecurity?: boolean;
  /**
   * An ordinary table other tables `INHERIT` from. Its keys and the foreign keys to it hold over
   * its own rows only, not its children's, so SQL names it `ONLY` (relationSql).
   */
  readonly inheritanceParent?: boolean;
}

export interface CatalogColumn {
  readonly name: string;
  readonly type: CatalogType;
  readonly notNull: boolean;
  readonly comment: string | null;
  /** A DEFAULT expression (serial columns included): an insert may leave the column out. */
  readonly hasDefault?: boolean;
  /**
   * The DEFAULT expression an INSERT that leaves the column out evaluates (the column's own, else
   * its domain's), decompiled with an empty `search_path` so every name in it is qualified:
   * `nextval('public.users_id_seq'::regclass)`. Null without one, for an identity or generated
   * column (PostgreSQL computes those otherwise), and when introspection could not empty the
   * `search_path` (a client that ran no setup statement).
   */
  readonly default?: string | null;
  /** `GENERATED ALWAYS AS IDENTITY` (not writable) or `BY DEFAULT` (writable, with a default). */
  readonly identity?: 'always' | 'byDefault' | null;
  /** `GENERATED ALWAYS AS (…) STORED`: computed by PostgreSQL, never written. */
  readonly generated?: boolean;
  /**
   * The text search configuration (in `pg_catalog`) of a single-column GIN or GiST index on
   * exactly `to_tsvector('<config>'::regconfig, column)`, without a predicate; null when none.
   */
  readonly textSearchConfig?: string | null;
}

export interface CatalogKeyConstraint {
  readonly name: string;
  readonly columns: ReadonlyArray<string>;
  readonly primary: boolean;
}

export interface CatalogType {
  /** Base type name for domains, element type name for arrays (e.g. `int4`, `text`, `my_enum`). */
  readonly name: string;
  readonly schema: string;
  /** Array dimensions are not tracked by PostgreSQL; any array is one list level. */
  readonly isArray: boolean;
  readonly isEnum: boolean;
  /** The column's own type is a domain (over `name`, or over an array of it). */
  readonly isDomain?: boolean;
  /**
   * The (element) type's output function, `[schema, name]` (`pg_type.typoutput`): what writes
   * the type's text form, e.g. `inet_out` writes `10.0.0.1` where the cast to text writes
   * `10.0.0.1/32`.
   */
  readonly output: readonly [string, string];
  /**
   * The (element) type has equality (`=`, `IN`, `DISTINCT`, `GROUP BY`): a default btree or hash
   * operator class, for a composite for every field's type, for an array its element's (not
   * `point`, `xml`, `json`, `jsonpath`, …). Absent (in a catalog made by hand): true.
   */
  readonly equality?: boolean;
  /** The (element) type has an order (`<`, `ORDER BY`, min/max): a default btree operator class, likewise. */
  readonly ordering?: boolean;
  /**
   * For an array of a domain: the element type as declared, `[schema, name]`, which SQL casts
   * name (`$1::text::"public"."posint"[]`) while `name` is the domain's base type.
   */
  readonly sqlType?: readonly [string, string] | null;
}

export interface CatalogForeignKey {
  readonly name: string;
  readonly columns: ReadonlyArray<string>;
  readonly foreignSchema: string;
  readonly foreignTable: string;
  readonly foreignColumns: ReadonlyArray<string>;
  readonly comment: string | null;
  /** False for a key added `NOT VALID`: rows older than it may point nowhere. */
  readonly validated?: boolean;
}

export interface CatalogEnum {
  readonly schema: string;
  readonly name: string;
  readonly labels: ReadonlyArray<string>;
  readonly comment: string | null;
}
