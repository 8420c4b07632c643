import {
  getDirectiveValues,
  GraphQLError,
  GraphQLIncludeDirective,
  GraphQLSkipDirective,
  isAbstractType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

type Fragments = { [name: string]: FragmentDefinitionNode | undefined };

/**
 * SingleFieldSubscriptionsRule of graphql-js 16.15 at a subscription: its root fields collected
 * as execution collects them (no variables, so `@skip`/`@include` with a literal `if` decide),
 * reporting more than one response name and introspection root fields, with the same messages,
 * nodes and fragment work spent (`spend`) as there.
 */
export class SubscriptionFields {
  private fragments: Fragments | undefined;
  private readonly noVariables: { [name: string]: unknown } = Object.create(null);

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly document: DocumentNode,
    private readonly spend: (cost: number) => void,
    private readonly report: (error: GraphQLError) => void,
  ) {}

  operation(node: OperationDefinitionNode): void {
    if (node.operation !== 'subscription') return;
    const subscriptionType = this.schema.getSubscriptionType();
    if (!subscriptionType) return;
    const operationName = node.name ? node.name.value : null;
    if (this.fragments === undefined) {
      const fragments: Fragments = Object.create(null);
      const definitions = this.document.definitions;
      this.spend(definitions.length);
      for (const definition of definitions) {
        if (definition.kind === Kind.FRAGMENT_DEFINITION) {
          fragments[definition.name.value] = definition;
        }
      }
      this.fragments = fragments;
    }
    const fields = new Map<string, FieldNode[]>();
    this.collect(subscriptionType, node.selectionSet, fields, new Set());
    if (fields.size > 1) {
      const extra = [...fields.values()].slice(1).flat();
      this.report(
        new GraphQLError(
          operationName != null
            ? `Subscription "${operationName}" must select only one top level field.`
            : 'Anonymous Subscription must select only one top level field.',
          { nodes: extra },
        ),
      );
    }
    for (const fieldNodes of fields.values()) {
      if (fieldNodes[0]!.name.value.startsWith('__')) {
        this.report(
          new GraphQLError(
            operationName != null
              ? `Subscription "${operationName}" must not select an introspection top level field.`
              : 'Anonymous Subscription must not select an introspection top level field.',
            { nodes: fieldNodes },
          ),
        );
      }
    }
  }

  /** graphql-js's collectFieldsImpl, spending fragment work for each set as the rule does. */
  private collect(
    runtimeType: GraphQLObjectType,
    selectionSet: SelectionSetNode,
    fields: Map<string, FieldNode[]>,
    visited: Set<string>,
  ): void {
    this.reserve(selectionSet);
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (!this.included(selection)) continue;
        const name = selection.alias ? selection.alias.value : selection.name.value;
        const list = fields.get(name);
        if (list !== undefined) list.push(selection);
        else fields.set(name, [selection]);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (!this.included(selection) || !this.conditionMatches(selection, runtimeType)) continue;
        this.collect(runtimeType, selection.selectionSet, fields, visited);
      } else {
        const name = selection.name.value;
        if (visited.has(name) || !this.included(selection)) continue;
        visited.add(name);
        const fragment = this.fragments![name];
        if (!fragment || !this.conditionMatches(fragment, runtimeType)) continue;
        this.collect(runtimeType, fragment.selectionSet, fields, visited);
      }
    }
  }

  private reserve(selectionSet: SelectionSetNode): void {
    this.spend(selectionSet.selections.length);
    for (const selection of selectionSet.selections) {
      const directives = selection.directives;
      if (directives === undefined) continue;
      this.spend(directives.length);
      for (const directive of directives) {
        const name = directive.name.value;
        if (name === 'skip' || name === 'include') this.spend(directive.arguments?.length ?? 0);
      }
    }
  }

  private included(node: FieldNode | InlineFragmentNode | FragmentSpreadNode): boolean {
    if (getDirectiveValues(GraphQLSkipDirective, node, this.noVariables)?.['if'] === true) {
      return false;
    }
    return getDirectiveValues(GraphQLIncludeDirective, node, this.noVariables)?.['if'] !== false;
  }

  private conditionMatches(
    fragment: InlineFragmentNode | FragmentDefinitionNode,
    type: GraphQLObjectType,
  ): boolean {
    const typeConditionNode = fragment.typeCondition;
    if (!typeConditionNode) return true;
    const conditionalType = typeFromAST(this.schema, typeConditionNode);
    if (conditionalType === type) return true;
    if (isAbstractType(conditionalType)) return this.schema.isSubType(conditionalType, type);
    return false;
  }
}
