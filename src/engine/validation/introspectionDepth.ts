import {
  GraphQLError,
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type SelectionNode,
} from 'graphql';

/** graphql-js 16.15's bound on nested introspection lists. */
const MAX_LISTS_DEPTH = 3;

type Depths = { [fragmentName: string]: number | undefined };

/**
 * MaxIntrospectionDepthRule of graphql-js 16.15 at a `__schema` or `__type` field: whether the
 * introspection lists below it (`fields`, `interfaces`, `possibleTypes`, `inputFields`) nest 3
 * deep, through fragments too, reported as there. Each fragment's outcome is kept per entry
 * depth across the document, as graphql-js keeps it, so a fragment is walked again only from a
 * deeper entry. Returns false where it reported (the rule skips the field's subtree then).
 */
export class IntrospectionDepth {
  /** Per fragment: the greatest entry depth at which its check passed. */
  private readonly checked: Depths = Object.create(null);
  /** Per fragment: the smallest entry depth at which its check reached the limit. */
  private readonly exceeded: Depths = Object.create(null);

  constructor(
    private readonly getFragment: (name: string) => FragmentDefinitionNode | undefined,
    private readonly report: (error: GraphQLError) => void,
  ) {}

  field(node: FieldNode): boolean {
    if (node.name.value !== '__schema' && node.name.value !== '__type') return true;
    if (!this.checkDepth(node, Object.create(null), 0)) return true;
    this.report(new GraphQLError('Maximum introspection depth exceeded', { nodes: [node] }));
    return false;
  }

  private checkDepth(
    node: SelectionNode | FragmentDefinitionNode,
    visited: Depths,
    depth: number,
  ): boolean {
    if (node.kind === Kind.FRAGMENT_SPREAD) {
      const name = node.name.value;
      const exceededAt = this.exceeded[name];
      // A check that reached the limit reaches it again from an equal or greater entry depth.
      if (exceededAt !== undefined && exceededAt <= depth) return true;
      const visitedAt = visited[name];
      const checkedAt = this.checked[name];
      if (
        (visitedAt !== undefined && visitedAt >= depth) ||
        (checkedAt !== undefined && checkedAt >= depth)
      ) {
        return false;
      }
      const fragment = this.getFragment(name);
      if (!fragment) return false;
      visited[name] = depth;
      if (this.checkDepth(fragment, visited, depth)) {
        this.exceeded[name] = depth;
        return true;
      }
      this.checked[name] = depth;
      return false;
    }
    if (node.kind === Kind.FIELD) {
      const name = node.name.value;
      if (
        name === 'fields' ||
        name === 'interfaces' ||
        name === 'possibleTypes' ||
        name === 'inputFields'
      ) {
        depth++;
        if (depth >= MAX_LISTS_DEPTH) return true;
      }
    }
    const selectionSet = node.selectionSet;
    if (selectionSet) {
      for (const child of selectionSet.selections) {
        if (this.checkDepth(child, visited, depth)) return true;
      }
    }
    return false;
  }
}
