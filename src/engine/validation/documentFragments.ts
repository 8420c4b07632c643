import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLInputType,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type VariableNode,
} from 'graphql';

/** One use of a variable and the input position it is in, as graphql-js's TypeInfo sees it. */
export interface VariableUsage {
  readonly node: VariableNode;
  readonly type: GraphQLInputType | undefined;
  readonly defaultValue: unknown;
  readonly parentType: GraphQLInputType | undefined;
}

/**
 * What graphql-js reports when a document exhausts a work budget: the same message, no nodes
 * (validateDocument recognises it by shape, as graphql-js's own rules throw their instance).
 */
export const validationAborted = new GraphQLError('Validation aborted.');

/** graphql-js 16's budget for fragment work per validation (ValidationContext). */
const FRAGMENT_WORK = 50_000;

/**
 * A document's fragments as graphql-js's ValidationContext answers about them — the same
 * answers in the same order, the same caching, and the same fragment work spent, so that a
 * document that exhausts graphql-js's budget is aborted at the same point ("Validation aborted.").
 * `usagesOf` gives a definition's own variable usages (the walk records them).
 */
export class DocumentFragments {
  private remaining = FRAGMENT_WORK;
  private readonly byName: { [name: string]: FragmentDefinitionNode | undefined } =
    Object.create(null);
  private readonly spreads = new Map<SelectionSetNode, FragmentSpreadNode[]>();
  /** Referenced fragments per set of directly spread names (graphql-js's SetMap). */
  private readonly referenced = new Map<string, FragmentDefinitionNode[]>();
  private readonly fragmentUsages = new Map<FragmentDefinitionNode[], VariableUsage[]>();
  private readonly recursiveUsages = new Map<OperationDefinitionNode, VariableUsage[]>();

  constructor(
    document: DocumentNode,
    private readonly usagesOf: (
      definition: OperationDefinitionNode | FragmentDefinitionNode,
    ) => VariableUsage[],
  ) {
    for (const definition of document.definitions) {
      // The last definition of a name wins, as in graphql-js's getFragment.
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        this.byName[definition.name.value] = definition;
    }
  }

  fragment(name: string): FragmentDefinitionNode | undefined {
    return this.byName[name];
  }

  spend(cost: number): void {
    this.remaining -= cost;
    if (this.remaining < 0) throw validationAborted;
  }

  /** The spreads of a selection set and the sets below it (not into fragments), in graphql-js's order. */
  fragmentSpreads(node: SelectionSetNode): FragmentSpreadNode[] {
    let spreads = this.spreads.get(node);
    if (spreads === undefined) {
      spreads = [];
      const setsToVisit = [node];
      let set: SelectionSetNode | undefined;
      while ((set = setsToVisit.pop())) {
        for (const selection of set.selections) {
          if (selection.kind === Kind.FRAGMENT_SPREAD) spreads.push(selection);
          else if (selection.selectionSet) setsToVisit.push(selection.selectionSet);
        }
      }
      this.spreads.set(node, spreads);
    }
    return spreads;
  }

  /** The fragments the operations reach through spreads, each once, in graphql-js's order. */
  referencedFragments(
    operations: ReadonlyArray<OperationDefinitionNode>,
  ): FragmentDefinitionNode[] {
    const names = new Set<string>();
    for (const operation of operations) {
      for (const spread of this.fragmentSpreads(operation.selectionSet))
        names.add(spread.name.value);
    }
    const key = [...names].sort().join(',');
    let fragments = this.referenced.get(key);
    if (fragments === undefined) {
      fragments = [];
      this.spend(names.size);
      for (const name of names) {
        const fragment = this.byName[name];
        if (fragment) {
          fragments.push(fragment);
          const spreads = this.fragmentSpreads(fragment.selectionSet);
          this.spend(spreads.length);
          for (const spread of spreads) names.add(spread.name.value);
        }
      }
      this.referenced.set(key, fragments);
    }
    return fragments;
  }

  /** An operation's variable usages, its own first and then its fragments'. */
  recursiveVariableUsages(operation: OperationDefinitionNode): VariableUsage[] {
    let usages = this.recursiveUsages.get(operation);
    if (usages === undefined) {
      const fragments = this.referencedFragments([operation]);
      let fragmentUsages = this.fragmentUsages.get(fragments);
      if (fragmentUsages === undefined) {
        this.spend(fragments.length);
        fragmentUsages = [];
        for (const fragment of fragments) {
          const local = this.usagesOf(fragment);
          this.spend(local.length);
          for (const usage of local) fragmentUsages.push(usage);
        }
        this.fragmentUsages.set(fragments, fragmentUsages);
      }
      this.spend(fragmentUsages.length);
      usages = this.usagesOf(operation).concat(fragmentUsages);
      this.recursiveUsages.set(operation, usages);
    }
    return usages;
  }
}
