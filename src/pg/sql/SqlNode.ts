/**
 * SQL as a small tree of plain data. Nodes are built only by the
 * safe constructors in `sql.ts`; `compileSql` turns a tree into `{ text, values }`. There is no node
 * that holds free text from outside the compiler: identifiers are always quoted, values are always
 * parameters, and the only literals are a GraphQL Name (checked against its grammar), a
 * server-configured integer (`integerLiteral`) and a column's default expression as the
 * database's catalog gives it (`catalogExpression`).
 */
export type SqlNode =
  /** SQL text written by Sluice itself (keywords, operators), from a template's static parts. */
  | { readonly kind: 'raw'; readonly text: string }
  /** A possibly qualified identifier, each part double-quoted. */
  | { readonly kind: 'identifier'; readonly parts: ReadonlyArray<string> }
  /** A bind parameter: `$n` in the text, `value` in the parameter list. */
  | { readonly kind: 'value'; readonly value: unknown }
  /**
   * A GraphQL Name (response key or type name, `/[_A-Za-z][_0-9A-Za-z]*`/, GraphQL spec §2.1.9)
   * written as a string literal so the JSON keys of `json_build_object` stay readable.
   */
  | { readonly kind: 'name'; readonly name: string }
  /**
   * A non-negative safe integer of the server's configuration (never of a request), written as
   * digits: the default page size, which is part of a statement's shape rather than a value.
   */
  | { readonly kind: 'integer'; readonly value: number }
  /**
   * An expression PostgreSQL's catalog gave (a column's DEFAULT, decompiled by `pg_get_expr`
   * with every name schema-qualified): the database owner's DDL, never a request's text.
   */
  | { readonly kind: 'catalog'; readonly text: string }
  /** Nodes joined by a separator written by Sluice (`, `, ` AND `…). */
  | { readonly kind: 'join'; readonly nodes: ReadonlyArray<SqlNode>; readonly separator: string }
  /** A sequence of nodes written one after the other. */
  | { readonly kind: 'sequence'; readonly nodes: ReadonlyArray<SqlNode> };

/** A compiled statement: text with `$1…$n` and the values bound to them, in order. */
export interface CompiledSql {
  readonly text: string;
  readonly values: ReadonlyArray<unknown>;
}
