import type { CompiledSql, SqlNode } from './SqlNode.js';

/**
 * Compiles a SQL tree to text and parameters, PostgreSQL dialect: identifiers in double quotes
 * (SQL-92 delimited identifiers, `"` doubled inside), values as `$1…$n` in order of appearance.
 * Pure: the same tree always gives the same output. `valueText`, when given, may put SQL text of
 * the caller's own making in place of a value (the multiplexed statements of change events read a
 * subscriber's values from a row, src/pg/realtime); a value it gives undefined for stays `$n`.
 */
export function compileSql(
  root: SqlNode,
  valueText?: (value: unknown) => string | undefined,
): CompiledSql {
  const values: unknown[] = [];
  let text = '';
  const visit = (node: SqlNode): void => {
    switch (node.kind) {
      case 'raw':
        text += node.text;
        return;
      case 'identifier':
        text += node.parts.map(quoteIdentifier).join('.');
        return;
      case 'value': {
        const replaced = valueText?.(node.value);
        if (replaced !== undefined) {
          text += replaced;
          return;
        }
        values.push(node.value);
        text += `$${values.length}`;
        return;
      }
      case 'name':
        // The constructor guarantees the Name grammar, so no quote or backslash can occur.
        text += `'${node.name}'`;
        return;
      case 'integer':
        // The constructor guarantees a non-negative safe integer: digits only.
        text += String(node.value);
        return;
      case 'catalog':
        // The catalog's text of one expression (the constructor's doc): parenthesized whole.
        text += `(${node.text})`;
        return;
      case 'join': {
        let first = true;
        for (const child of node.nodes) {
          if (isBlank(child)) continue;
          if (!first) text += node.separator;
          first = false;
          visit(child);
        }
        return;
      }
      case 'sequence':
        for (const child of node.nodes) visit(child);
        return;
    }
  };
  visit(root);
  return { text, values };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function isBlank(node: SqlNode): boolean {
  return node.kind === 'sequence' && node.nodes.every(isBlank);
}
