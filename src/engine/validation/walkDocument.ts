import {
  doTypesOverlap,
  GraphQLError,
  Kind,
  OperationTypeNode,
  typeFromAST,
  type ArgumentNode,
  type ASTNode,
  type DirectiveNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLOutputType,
  type InlineFragmentNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type TypeNode,
  type VariableDefinitionNode,
} from 'graphql';
import { isComposite, isInput, isObject, isOutput, namedTypeOf } from '../schema/typeGuards.js';
import { didYouMean } from 'graphql/jsutils/didYouMean.js';
import { suggestionList } from 'graphql/jsutils/suggestionList.js';
import type { DocumentFragments, VariableUsage } from './documentFragments.js';
import type { IntrospectionDepth } from './introspectionDepth.js';
import type { OverlappingFields } from './overlappingFields.js';
import { fieldDefinition, suggestedFieldNames, suggestedTypeNames } from './fieldSuggestions.js';
import type { DirectiveFacts, SchemaFacts } from './schemaFacts.js';
import { Rule } from './specifiedRuleSet.js';
import { ValueWalk } from './walkValue.js';

type Field = GraphQLField<unknown, unknown>;

/** The rules that keep state across the document, called where graphql-js's handlers sit. */
export interface StatefulRules {
  overlap: OverlappingFields | undefined;
  introspectionDepth: IntrospectionDepth | undefined;
}

/**
 * One walk over an executable definition that keeps graphql-js's TypeInfo state (parent types,
 * field definitions, the current directive and argument, input positions) and, with `report`,
 * runs the specified rules whose handlers sit on the nodes it passes, in specifiedRules order per
 * node, so errors come in graphql-js's order. Without `report` it only records variable usages
 * (what ValidationContext.getVariableUsages gives for a fragment not yet walked).
 */
export class DocumentWalk {
  private readonly types: Array<GraphQLOutputType | undefined> = [];
  private readonly parentTypes: Array<GraphQLCompositeType | undefined> = [];
  private readonly fieldDefs: Array<Field | undefined> = [];
  /** The directive being walked: undefined when unknown, null outside directives. */
  private directive: DirectiveFacts | null | undefined = null;
  private readonly values: ValueWalk;
  /** MaxIntrospectionDepthRule skips below the field it reported on. */
  private introspectionSkip: FieldNode | null = null;

  constructor(
    private readonly facts: SchemaFacts,
    private readonly fragments: DocumentFragments,
    private readonly on: ReadonlyArray<boolean>,
    private readonly report: ((error: GraphQLError) => void) | null,
    private readonly stateful: StatefulRules,
    private readonly hideSuggestions: boolean,
    /** Per operation: the variables defined (NoUndefinedVariables, VariablesInAllowedPosition). */
    readonly defined: Map<string, VariableDefinitionNode>,
    readonly definitions: VariableDefinitionNode[],
    /**
     * The document-level checks at a fragment definition's enter that come between. Given here,
     * not assigned after construction: assigned to a field that first held undefined, this
     * per-call closure made V8's scavenger keep every validated document (about 20 KB each on
     * the benchmark's compound operation) until a full collection; given here, nothing is kept.
     */
    private readonly fragmentEnter: ((node: FragmentDefinitionNode) => void) | undefined,
  ) {
    const checking = report !== null;
    this.values = new ValueWalk(
      report,
      checking && on[Rule.ValuesOfCorrectType]!,
      checking && on[Rule.UniqueInputFieldNames]!,
      hideSuggestions,
    );
  }

  private check(rule: Rule): boolean {
    return this.report !== null && this.on[rule]!;
  }

  get parentType(): GraphQLCompositeType | undefined {
    return this.parentTypes[this.parentTypes.length - 1];
  }

  /** Walks an operation (its enter checks ran before); usages go to `usages`. */
  operation(node: OperationDefinitionNode, usages: VariableUsage[] | null): void {
    const root = this.facts.schema.getRootType(node.operation);
    this.types.push(isObject(root) ? root : undefined);
    if (this.check(Rule.UniqueVariableNames)) this.uniqueVariableNames(node);
    this.defined.clear();
    this.definitions.length = 0;
    this.uniqueDirectives(node.directives);
    for (const definition of node.variableDefinitions ?? []) this.variableDefinition(definition);
    this.values.usages = usages;
    this.directives(node.directives, operationLocation(node.operation));
    this.selectionSet(node.selectionSet, node);
    this.values.usages = null;
  }

  /** Leaves an operation (after its leave checks ran). */
  leaveOperation(): void {
    this.types.pop();
  }

  /** Walks a fragment definition; usages go to `usages` when not null. */
  fragmentDefinition(node: FragmentDefinitionNode, usages: VariableUsage[] | null): void {
    const type = typeFromAST(this.facts.schema, node.typeCondition);
    this.types.push(isOutput(type) ? type : undefined);
    if (this.check(Rule.FragmentsOnCompositeTypes) && type && !isComposite(type)) {
      this.report!(
        new GraphQLError(
          `Fragment "${node.name.value}" cannot condition on non composite type "${node.typeCondition.name.value}".`,
          { nodes: node.typeCondition },
        ),
      );
    }
    this.fragmentEnter?.(node);
    this.uniqueDirectives(node.directives);
    this.typeNode(node.typeCondition);
    this.values.usages = usages;
    this.directives(node.directives, 'FRAGMENT_DEFINITION');
    this.selectionSet(node.selectionSet, node);
    this.values.usages = null;
    this.types.pop();
  }

  private variableDefinition(node: VariableDefinitionNode): void {
    const type = typeFromAST(this.facts.schema, node.type);
    const inputType = isInput(type) ? type : undefined;
    this.values.inputTypes.push(inputType);
    const name = node.variable.name.value;
    if (this.check(Rule.VariablesAreInputTypes) && type !== undefined && !inputType) {
      this.report!(
        new GraphQLError(
          `Variable "$${name}" cannot be non-input type "${printType(node.type)}".`,
          { nodes: node.type },
        ),
      );
    }
    this.defined.set(name, node);
    this.definitions.push(node);
    this.uniqueDirectives(node.directives);
    this.typeNode(node.type);
    if (node.defaultValue) this.values.value(node.defaultValue, true);
    this.directives(node.directives, 'VARIABLE_DEFINITION');
    this.values.inputTypes.pop();
  }

  private typeNode(node: TypeNode): void {
    if (node.kind !== Kind.NAMED_TYPE) {
      this.typeNode(node.type);
      return;
    }
    const name = node.name.value;
    if (this.check(Rule.KnownTypeNames) && !this.facts.types[name]) {
      const suggestions = this.hideSuggestions ? [] : suggestionList(name, this.facts.typeNames);
      this.report!(
        new GraphQLError(`Unknown type "${name}".` + didYouMean(suggestions), { nodes: node }),
      );
    }
  }

  private selectionSet(node: SelectionSetNode, parent: ASTNode): void {
    const named = namedTypeOf(this.types[this.types.length - 1]);
    this.parentTypes.push(isComposite(named) ? named : undefined);
    if (this.report !== null) this.stateful.overlap?.selectionSet(node, parent, this.parentType);
    for (const selection of node.selections) {
      if (selection.kind === Kind.FIELD) this.field(selection);
      else if (selection.kind === Kind.INLINE_FRAGMENT) this.inlineFragment(selection);
      else this.fragmentSpread(selection);
    }
    this.parentTypes.pop();
  }

  private field(node: FieldNode): void {
    const parentType = this.parentType;
    const fieldDef = parentType ? fieldDefinition(this.facts.schema, parentType, node) : undefined;
    const type = fieldDef?.type;
    this.fieldDefs.push(fieldDef);
    this.types.push(isOutput(type) ? type : undefined);
    if (this.report !== null) this.fieldChecks(node, parentType, fieldDef);
    for (const argument of node.arguments ?? []) this.argument(argument, true);
    this.directives(node.directives, 'FIELD');
    if (node.selectionSet) this.selectionSet(node.selectionSet, node);
    if (this.check(Rule.ProvidedRequiredArguments) && fieldDef) {
      for (const argDef of this.facts.field(fieldDef).required) {
        if (!node.arguments?.some((a) => a.name.value === argDef.name)) {
          this.report!(
            new GraphQLError(
              `Field "${fieldDef.name}" argument "${argDef.name}" of type "${String(argDef.type)}" is required, but it was not provided.`,
              { nodes: node },
            ),
          );
        }
      }
    }
    if (this.introspectionSkip === node) this.introspectionSkip = null;
    this.fieldDefs.pop();
    this.types.pop();
  }

  /** ScalarLeafs, FieldsOnCorrectType, UniqueDirectivesPerLocation, UniqueArgumentNames, MaxIntrospectionDepth. */
  private fieldChecks(
    node: FieldNode,
    parentType: GraphQLCompositeType | undefined,
    fieldDef: Field | undefined,
  ): void {
    const report = this.report!;
    const type = this.types[this.types.length - 1];
    const name = node.name.value;
    if (this.on[Rule.ScalarLeafs] && type) {
      const selectionSet = node.selectionSet;
      if (isLeafTypeNamed(type)) {
        if (selectionSet) {
          report(
            new GraphQLError(
              `Field "${name}" must not have a selection since type "${String(type)}" has no subfields.`,
              { nodes: selectionSet },
            ),
          );
        }
      } else if (!selectionSet) {
        report(
          new GraphQLError(
            `Field "${name}" of type "${String(type)}" must have a selection of subfields. Did you mean "${name} { ... }"?`,
            { nodes: node },
          ),
        );
      } else if (selectionSet.selections.length === 0) {
        report(
          new GraphQLError(
            `Field "${name}" of type "${String(type)}" must have at least one field selected.`,
            { nodes: node },
          ),
        );
      }
    }
    if (this.on[Rule.FieldsOnCorrectType] && parentType && !fieldDef) {
      const schema = this.facts.schema;
      let suggestion = didYouMean(
        'to use an inline fragment on',
        this.hideSuggestions ? [] : suggestedTypeNames(schema, parentType, name),
      );
      if (suggestion === '') {
        suggestion = didYouMean(this.hideSuggestions ? [] : suggestedFieldNames(parentType, name));
      }
      report(
        new GraphQLError(
          `Cannot query field "${name}" on type "${parentType.name}".` + suggestion,
          {
            nodes: node,
          },
        ),
      );
    }
    this.uniqueDirectives(node.directives);
    if (this.on[Rule.UniqueArgumentNames]) this.uniqueArguments(node.arguments);
    const introspection = this.stateful.introspectionDepth;
    if (
      introspection &&
      this.introspectionSkip === null &&
      (name === '__schema' || name === '__type')
    ) {
      if (!introspection.field(node)) this.introspectionSkip = node;
    }
  }

  private inlineFragment(node: InlineFragmentNode): void {
    const condition = node.typeCondition;
    const conditionType = condition ? typeFromAST(this.facts.schema, condition) : undefined;
    const type = condition ? conditionType : namedTypeOf(this.types[this.types.length - 1]);
    const fragmentType = isOutput(type) ? type : undefined;
    this.types.push(fragmentType);
    if (
      this.check(Rule.FragmentsOnCompositeTypes) &&
      conditionType &&
      !isComposite(conditionType)
    ) {
      this.report!(
        new GraphQLError(
          `Fragment cannot condition on non composite type "${condition!.name.value}".`,
          { nodes: condition! },
        ),
      );
    }
    const parentType = this.parentType;
    if (
      this.check(Rule.PossibleFragmentSpreads) &&
      isComposite(fragmentType) &&
      isComposite(parentType) &&
      !doTypesOverlap(this.facts.schema, fragmentType, parentType)
    ) {
      this.report!(
        new GraphQLError(
          `Fragment cannot be spread here as objects of type "${String(parentType)}" can never be of type "${String(fragmentType)}".`,
          { nodes: node },
        ),
      );
    }
    this.uniqueDirectives(node.directives);
    if (condition) this.typeNode(condition);
    this.directives(node.directives, 'INLINE_FRAGMENT');
    this.selectionSet(node.selectionSet, node);
    this.types.pop();
  }

  private fragmentSpread(node: FragmentSpreadNode): void {
    if (this.report !== null) {
      const name = node.name.value;
      const fragment = this.fragments.fragment(name);
      if (this.on[Rule.KnownFragmentNames] && !fragment) {
        this.report(new GraphQLError(`Unknown fragment "${name}".`, { nodes: node.name }));
      }
      if (this.on[Rule.PossibleFragmentSpreads] && fragment) {
        const type = typeFromAST(this.facts.schema, fragment.typeCondition);
        const parentType = this.parentType;
        if (
          isComposite(type) &&
          parentType &&
          !doTypesOverlap(this.facts.schema, type, parentType)
        ) {
          this.report(
            new GraphQLError(
              `Fragment "${name}" cannot be spread here as objects of type "${String(parentType)}" can never be of type "${String(type)}".`,
              { nodes: node },
            ),
          );
        }
      }
      this.uniqueDirectives(node.directives);
    }
    this.directives(node.directives, 'FRAGMENT_SPREAD');
  }

  private directives(nodes: ReadonlyArray<DirectiveNode> | undefined, location: string): void {
    if (nodes === undefined) return;
    for (const node of nodes) this.directiveNode(node, location);
  }

  private directiveNode(node: DirectiveNode, location: string): void {
    const name = node.name.value;
    const facts = this.facts.directives.get(name);
    this.directive = facts;
    if (this.report !== null) {
      if (this.on[Rule.KnownDirectives]) {
        if (!facts) {
          this.report(new GraphQLError(`Unknown directive "@${name}".`, { nodes: node }));
        } else if (!facts.locations.has(location)) {
          this.report(
            new GraphQLError(`Directive "@${name}" may not be used on ${location}.`, {
              nodes: node,
            }),
          );
        }
      }
      if (this.on[Rule.KnownArgumentNames] && node.arguments && facts) {
        for (const argument of node.arguments) {
          const argName = argument.name.value;
          if (!facts.argsByName.has(argName)) {
            const suggestions = this.hideSuggestions ? [] : suggestionList(argName, facts.argNames);
            this.report(
              new GraphQLError(
                `Unknown argument "${argName}" on directive "@${name}".` +
                  (this.hideSuggestions ? '' : didYouMean(suggestions)),
                { nodes: argument },
              ),
            );
          }
        }
      }
      if (this.on[Rule.UniqueArgumentNames]) this.uniqueArguments(node.arguments);
    }
    for (const argument of node.arguments ?? []) this.argument(argument, false);
    if (this.check(Rule.ProvidedRequiredArguments) && facts) {
      for (const argDef of facts.required) {
        if (!node.arguments?.some((a) => a.name.value === argDef.name)) {
          this.report!(
            new GraphQLError(
              `Directive "@${name}" argument "${argDef.name}" of type "${String(argDef.type)}" is required, but it was not provided.`,
              { nodes: node },
            ),
          );
        }
      }
    }
    this.directive = null;
  }

  private argument(node: ArgumentNode, onField: boolean): void {
    const fieldDef = this.fieldDefs[this.fieldDefs.length - 1];
    const directive = this.directive;
    const argDef = directive
      ? directive.argsByName.get(node.name.value)
      : fieldDef && this.facts.field(fieldDef).argsByName.get(node.name.value);
    const argType = argDef?.type;
    this.values.defaultValues.push(argDef?.defaultValue);
    this.values.inputTypes.push(isInput(argType) ? argType : undefined);
    const parentType = this.parentType;
    if (onField && this.check(Rule.KnownArgumentNames) && !argDef && fieldDef && parentType) {
      const argName = node.name.value;
      const suggestions = this.hideSuggestions
        ? []
        : suggestionList(
            argName,
            fieldDef.args.map((arg) => arg.name),
          );
      this.report!(
        new GraphQLError(
          `Unknown argument "${argName}" on field "${parentType.name}.${fieldDef.name}".` +
            didYouMean(suggestions),
          { nodes: node },
        ),
      );
    }
    this.values.value(node.value, true);
    this.values.defaultValues.pop();
    this.values.inputTypes.pop();
  }

  private uniqueVariableNames(node: OperationDefinitionNode): void {
    const groups = new Map<string, VariableDefinitionNode[]>();
    for (const definition of node.variableDefinitions ?? []) {
      const name = definition.variable.name.value;
      const group = groups.get(name);
      if (group) group.push(definition);
      else groups.set(name, [definition]);
    }
    for (const [name, group] of groups) {
      if (group.length > 1) {
        this.report!(
          new GraphQLError(`There can be only one variable named "$${name}".`, {
            nodes: group.map((definition) => definition.variable.name),
          }),
        );
      }
    }
  }

  private uniqueArguments(nodes: ReadonlyArray<ArgumentNode> | undefined): void {
    if (nodes === undefined || nodes.length < 2) return;
    const groups = new Map<string, ArgumentNode[]>();
    for (const argument of nodes) {
      const group = groups.get(argument.name.value);
      if (group) group.push(argument);
      else groups.set(argument.name.value, [argument]);
    }
    if (groups.size === nodes.length) return;
    for (const [name, group] of groups) {
      if (group.length > 1) {
        this.report!(
          new GraphQLError(`There can be only one argument named "${name}".`, {
            nodes: group.map((argument) => argument.name),
          }),
        );
      }
    }
  }

  /** UniqueDirectivesPerLocationRule at a node with directives. */
  private uniqueDirectives(nodes: ReadonlyArray<DirectiveNode> | undefined): void {
    if (!nodes || nodes.length < 2 || !this.check(Rule.UniqueDirectivesPerLocation)) return;
    const seen = new Map<string, DirectiveNode>();
    for (const directive of nodes) {
      const name = directive.name.value;
      if (!this.facts.directives.get(name)?.unique) continue;
      const first = seen.get(name);
      if (first) {
        this.report!(
          new GraphQLError(`The directive "@${name}" can only be used once at this location.`, {
            nodes: [first, directive],
          }),
        );
      } else {
        seen.set(name, directive);
      }
    }
  }
}

function isLeafTypeNamed(type: GraphQLOutputType): boolean {
  const named = namedTypeOf(type);
  return !isComposite(named);
}

/** graphql-js's print of a type reference. */
function printType(node: TypeNode): string {
  if (node.kind === Kind.NAMED_TYPE) return node.name.value;
  if (node.kind === Kind.LIST_TYPE) return `[${printType(node.type)}]`;
  return `${printType(node.type)}!`;
}

function operationLocation(operation: OperationTypeNode): string {
  if (operation === OperationTypeNode.MUTATION) return 'MUTATION';
  if (operation === OperationTypeNode.SUBSCRIPTION) return 'SUBSCRIPTION';
  return 'QUERY';
}
