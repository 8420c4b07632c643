import type { SqlNode } from '../sql/SqlNode.js';

/**
 * Whether a value is bound inside one of the `correlated` subqueries of `root` (those run once per
 * row of another level: BuildContext.correlated). One walk of the tree, whatever its depth.
 */
export function correlatedValue(root: SqlNode, correlated: ReadonlySet<SqlNode>): boolean {
  const visit = (node: SqlNode, inside: boolean): boolean => {
    const within = inside || correlated.has(node);
    switch (node.kind) {
      case 'value':
        return within;
      case 'join':
      case 'sequence':
        return node.nodes.some((child) => visit(child, within));
      default:
        return false;
    }
  };
  return correlated.size > 0 && visit(root, false);
}
