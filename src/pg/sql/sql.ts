import type { SqlNode } from './SqlNode.js';

// Only objects made by these constructors count as SQL. A value that merely looks like a node (a
// user's JSON with a `kind` key) is not in the set, so it becomes a parameter like any other value.
const SQL_NODES = new WeakSet<object>();

/**
 * The safe constructors for SQL: the only way SQL text is made. The static parts
 * of a `sql` template are Sluice's own text; every interpolation is either another node or becomes
 * a bind parameter. There is deliberately no way to splice a string in as SQL text.
 */
export function sql(strings: TemplateStringsArray, ...args: ReadonlyArray<unknown>): SqlNode {
  const nodes: SqlNode[] = [];
  strings.forEach((text, i) => {
    if (text !== '') nodes.push(make({ kind: 'raw', text }));
    if (i < args.length) nodes.push(toNode(args[i]));
  });
  return nodes.length === 1 ? (nodes[0] as SqlNode) : make({ kind: 'sequence', nodes });
}

/** A quoted identifier; several parts make a qualified name (`"public"."users"`). */
export function identifier(...parts: ReadonlyArray<string>): SqlNode {
  if (parts.length === 0) throw new Error('identifier() needs at least one part');
  for (const part of parts) {
    if (part === '' || part.includes('\0'))
      throw new Error(`Invalid SQL identifier: ${JSON.stringify(part)}`);
  }
  return make({ kind: 'identifier', parts: [...parts] });
}

/** A bind parameter. */
export function value(v: unknown): SqlNode {
  return make({ kind: 'value', value: v });
}

const NAME = /^[_A-Za-z][_0-9A-Za-z]*$/;

/**
 * A GraphQL Name as a string literal (JSON keys, `__typename`). Names are validated by the GraphQL
 * parser already; this re-checks the grammar so nothing else can ever be written as a literal.
 */
export function nameLiteral(name: string): SqlNode {
  if (!NAME.test(name)) throw new Error(`Not a GraphQL name: ${JSON.stringify(name)}`);
  return make({ kind: 'name', name });
}

/**
 * A server-configured integer written as digits (the default page size: a per-parent `LIMIT` the
 * planner must know under a generic plan, docs/pg-mutations.md "Plans"). Never a request's value:
 * those are parameters, whatever their type.
 */
export function integerLiteral(n: number): SqlNode {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Not a non-negative integer: ${n}`);
  return make({ kind: 'integer', value: n });
}

/**
 * A column's default expression as the catalog gives it (CatalogColumn.default, read by
 * introspection from `pg_attrdef` or the domain): text the database owner wrote in DDL and
 * PostgreSQL decompiled, never a request's. Written in parentheses, so it is one operand.
 */
export function catalogExpression(text: string): SqlNode {
  if (text === '' || text.includes('\0')) throw new Error('Not a catalog expression');
  return make({ kind: 'catalog', text });
}

/** Nodes joined by `, ` (or another separator chosen by Sluice from `Separator`). */
export function join(nodes: ReadonlyArray<SqlNode>, separator: Separator = ', '): SqlNode {
  return make({ kind: 'join', nodes: [...nodes], separator });
}

export type Separator = ', ' | ' AND ' | ' OR ' | ' ' | ',\n' | ' UNION ALL ';

/** The empty fragment, for optional clauses. */
export const empty: SqlNode = make({ kind: 'sequence', nodes: [] });

export function isEmpty(node: SqlNode): boolean {
  switch (node.kind) {
    case 'sequence':
      return node.nodes.every(isEmpty);
    case 'join':
      return node.nodes.every(isEmpty);
    case 'raw':
      return node.text === '';
    default:
      return false;
  }
}

function toNode(arg: unknown): SqlNode {
  return isSqlNode(arg) ? arg : value(arg);
}

function make<T extends SqlNode>(node: T): T {
  SQL_NODES.add(node);
  return node;
}

export function isSqlNode(arg: unknown): arg is SqlNode {
  return typeof arg === 'object' && arg !== null && SQL_NODES.has(arg);
}
