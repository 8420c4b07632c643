import {
  GraphQLError,
  isNullableType,
  isTypeSubTypeOf,
  Kind,
  typeFromAST,
  type DocumentNode,
  type FragmentDefinitionNode,
  type FragmentSpreadNode,
  type GraphQLInputType,
  type GraphQLSchema,
  type NameNode,
  type OperationDefinitionNode,
  type ValueNode,
} from 'graphql';
import { isInputObject, isNonNull } from '../schema/typeGuards.js';
import { DocumentFragments, type VariableUsage } from './documentFragments.js';
import { IntrospectionDepth } from './introspectionDepth.js';
import { OverlappingFields } from './overlappingFields.js';
import { schemaFacts } from './schemaFacts.js';
import { Rule } from './specifiedRuleSet.js';
import { SubscriptionFields } from './subscriptionFields.js';
import { DocumentWalk, type StatefulRules } from './walkDocument.js';

type Definition = OperationDefinitionNode | FragmentDefinitionNode;

/** A document validateSpecified takes: only operations and fragments without variables. */
export function isPlainExecutableDocument(document: unknown): document is DocumentNode {
  if (typeof document !== 'object' || document === null) return false;
  const { kind, definitions } = document as Partial<DocumentNode>;
  if (kind !== Kind.DOCUMENT || !Array.isArray(definitions)) return false;
  for (const definition of definitions as ReadonlyArray<Partial<Definition>>) {
    if (definition.kind === Kind.OPERATION_DEFINITION) continue;
    if (definition.kind !== Kind.FRAGMENT_DEFINITION) return false;
    if ((definition as FragmentDefinitionNode).variableDefinitions) return false;
  }
  return true;
}

/**
 * graphql-js 16.15's specifiedRules (those switched `on`) over an executable document in one
 * walk, with the same errors in the same order, the same `maxErrors` abort and the same work
 * budgets. Three rules keep state across the document in objects of their own:
 * OverlappingFieldsCanBeMerged (overlappingFields.ts), SingleFieldSubscriptions
 * (subscriptionFields.ts, subscriptions only) and MaxIntrospectionDepth (introspectionDepth.ts,
 * at `__schema` and `__type`). The schema must be valid (the caller asserts it).
 */
export function validateSpecified(
  schema: GraphQLSchema,
  document: DocumentNode,
  on: ReadonlyArray<boolean>,
  maxErrors: number,
  hideSuggestions: boolean,
): GraphQLError[] {
  const errors: GraphQLError[] = [];
  const abort = Object.freeze({});
  const report = (error: GraphQLError): void => {
    if (errors.length >= maxErrors) {
      errors.push(
        new GraphQLError('Too many validation errors, error limit reached. Validation aborted.'),
      );
      throw abort;
    }
    errors.push(error);
  };
  const facts = schemaFacts(schema);
  const ownUsages = new Map<Definition, VariableUsage[]>();
  const stateful: StatefulRules = { overlap: undefined, introspectionDepth: undefined };
  let lite: DocumentWalk | undefined;
  const fragments: DocumentFragments = new DocumentFragments(document, (definition) => {
    let usages = ownUsages.get(definition);
    if (usages === undefined) {
      // A fragment used before it is defined: its usages now, walked without checks.
      usages = [];
      ownUsages.set(definition, usages);
      lite ??= new DocumentWalk(
        facts,
        fragments,
        on,
        null,
        stateful,
        hideSuggestions,
        new Map(),
        [],
        undefined,
      );
      lite.fragmentDefinition(definition as FragmentDefinitionNode, usages);
    }
    return usages;
  });
  const operationNames: { [name: string]: NameNode | undefined } = Object.create(null);
  const fragmentNames: { [name: string]: NameNode | undefined } = Object.create(null);
  const cycles = on[Rule.NoFragmentCycles] ? fragmentCycles(fragments, report) : undefined;
  const fragmentEnter = (node: FragmentDefinitionNode): void => {
    if (on[Rule.UniqueFragmentNames]) {
      const first = fragmentNames[node.name.value];
      if (first) {
        report(
          new GraphQLError(`There can be only one fragment named "${node.name.value}".`, {
            nodes: [first, node.name],
          }),
        );
      } else {
        fragmentNames[node.name.value] = node.name;
      }
    }
    cycles?.(node);
  };
  const walk = new DocumentWalk(
    facts,
    fragments,
    on,
    report,
    stateful,
    hideSuggestions,
    new Map(),
    [],
    fragmentEnter,
  );
  const getFragment = (name: string) => fragments.fragment(name);
  if (on[Rule.OverlappingFieldsCanBeMerged]) {
    stateful.overlap = new OverlappingFields(schema, getFragment, report);
  }
  if (on[Rule.MaxIntrospectionDepth]) {
    stateful.introspectionDepth = new IntrospectionDepth(getFragment, report);
  }
  let subscriptionFields: SubscriptionFields | undefined;
  const operations: OperationDefinitionNode[] = [];
  const fragmentDefinitions: FragmentDefinitionNode[] = [];
  let operationCount = 0;
  for (const definition of document.definitions) {
    if (definition.kind === Kind.OPERATION_DEFINITION) operationCount++;
  }
  try {
    for (const definition of document.definitions as ReadonlyArray<Definition>) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION) {
        fragmentDefinitions.push(definition);
        let usages: VariableUsage[] | null = null;
        if (!ownUsages.has(definition)) ownUsages.set(definition, (usages = []));
        walk.fragmentDefinition(definition, usages);
        continue;
      }
      operations.push(definition);
      const name = definition.name;
      if (on[Rule.UniqueOperationNames] && name) {
        const first = operationNames[name.value];
        if (first) {
          report(
            new GraphQLError(`There can be only one operation named "${name.value}".`, {
              nodes: [first, name],
            }),
          );
        } else {
          operationNames[name.value] = name;
        }
      }
      if (on[Rule.LoneAnonymousOperation] && !name && operationCount > 1) {
        report(
          new GraphQLError('This anonymous operation must be the only defined operation.', {
            nodes: definition,
          }),
        );
      }
      if (on[Rule.SingleFieldSubscriptions] && definition.operation === 'subscription') {
        subscriptionFields ??= new SubscriptionFields(
          schema,
          document,
          (cost) => fragments.spend(cost),
          report,
        );
        subscriptionFields.operation(definition);
      }
      const usages: VariableUsage[] = [];
      ownUsages.set(definition, usages);
      walk.operation(definition, usages);
      leaveOperation(definition, walk, fragments, on, schema, report);
      walk.leaveOperation();
    }
    if (on[Rule.NoUnusedFragments]) {
      const used = new Set(fragments.referencedFragments(operations).map((f) => f.name.value));
      for (const fragment of fragmentDefinitions) {
        if (!used.has(fragment.name.value)) {
          report(
            new GraphQLError(`Fragment "${fragment.name.value}" is never used.`, {
              nodes: fragment,
            }),
          );
        }
      }
    }
  } catch (error) {
    if (isValidationAborted(error)) errors.push(error);
    else if (error !== abort) throw error;
  }
  return errors;
}

/** NoUndefinedVariables, NoUnusedVariables and VariablesInAllowedPosition at an operation's leave. */
function leaveOperation(
  operation: OperationDefinitionNode,
  walk: DocumentWalk,
  fragments: DocumentFragments,
  on: ReadonlyArray<boolean>,
  schema: GraphQLSchema,
  report: (error: GraphQLError) => void,
): void {
  const opName = operation.name?.value;
  if (on[Rule.NoUndefinedVariables]) {
    for (const { node } of fragments.recursiveVariableUsages(operation)) {
      const varName = node.name.value;
      if (!walk.defined.has(varName)) {
        report(
          new GraphQLError(
            opName !== undefined
              ? `Variable "$${varName}" is not defined by operation "${opName}".`
              : `Variable "$${varName}" is not defined.`,
            { nodes: [node, operation] },
          ),
        );
      }
    }
  }
  if (on[Rule.NoUnusedVariables]) {
    const used = new Set<string>();
    for (const { node } of fragments.recursiveVariableUsages(operation)) used.add(node.name.value);
    for (const definition of walk.definitions) {
      const varName = definition.variable.name.value;
      if (!used.has(varName)) {
        report(
          new GraphQLError(
            opName !== undefined
              ? `Variable "$${varName}" is never used in operation "${opName}".`
              : `Variable "$${varName}" is never used.`,
            { nodes: definition },
          ),
        );
      }
    }
  }
  if (on[Rule.VariablesInAllowedPosition]) {
    for (const { node, type, defaultValue, parentType } of fragments.recursiveVariableUsages(
      operation,
    )) {
      const varName = node.name.value;
      const varDef = walk.defined.get(varName);
      if (!varDef || !type) continue;
      const varType = typeFromAST(schema, varDef.type) as GraphQLInputType | undefined;
      if (
        varType &&
        !allowedVariableUsage(schema, varType, varDef.defaultValue, type, defaultValue)
      ) {
        report(
          new GraphQLError(
            `Variable "$${varName}" of type "${String(varType)}" used in position expecting type "${String(type)}".`,
            { nodes: [varDef, node] },
          ),
        );
      }
      if (isInputObject(parentType) && parentType.isOneOf && isNullableType(varType)) {
        report(
          new GraphQLError(
            `Variable "$${varName}" is of type "${String(varType)}" but must be non-nullable to be used for OneOf Input Object "${String(parentType)}".`,
            { nodes: [varDef, node] },
          ),
        );
      }
    }
  }
}

/** graphql-js's allowedVariableUsage ([spec: All Variable Usages Are Allowed](https://spec.graphql.org/October2021/#sec-All-Variable-Usages-are-Allowed)). */
function allowedVariableUsage(
  schema: GraphQLSchema,
  varType: GraphQLInputType,
  varDefaultValue: ValueNode | undefined,
  locationType: GraphQLInputType,
  locationDefaultValue: unknown,
): boolean {
  if (isNonNull(locationType) && !isNonNull(varType)) {
    const hasNonNullVariableDefaultValue =
      varDefaultValue != null && varDefaultValue.kind !== Kind.NULL;
    const hasLocationDefaultValue = locationDefaultValue !== undefined;
    if (!hasNonNullVariableDefaultValue && !hasLocationDefaultValue) return false;
    return isTypeSubTypeOf(schema, varType, locationType.ofType);
  }
  return isTypeSubTypeOf(schema, varType, locationType);
}

/** NoFragmentCyclesRule: a depth-first search from each fragment, reporting each cycle once. */
function fragmentCycles(
  fragments: DocumentFragments,
  report: (error: GraphQLError) => void,
): (fragment: FragmentDefinitionNode) => void {
  const visited: { [name: string]: boolean | undefined } = Object.create(null);
  const spreadPath: FragmentSpreadNode[] = [];
  const pathIndexByName: { [name: string]: number | undefined } = Object.create(null);
  const detect = (fragment: FragmentDefinitionNode): void => {
    const fragmentName = fragment.name.value;
    if (visited[fragmentName]) return;
    visited[fragmentName] = true;
    const spreads = fragments.fragmentSpreads(fragment.selectionSet);
    if (spreads.length === 0) return;
    pathIndexByName[fragmentName] = spreadPath.length;
    for (const spread of spreads) {
      const spreadName = spread.name.value;
      const cycleIndex = pathIndexByName[spreadName];
      spreadPath.push(spread);
      if (cycleIndex === undefined) {
        const spreadFragment = fragments.fragment(spreadName);
        if (spreadFragment) detect(spreadFragment);
      } else {
        const cyclePath = spreadPath.slice(cycleIndex);
        const viaPath = cyclePath
          .slice(0, -1)
          .map((s) => '"' + s.name.value + '"')
          .join(', ');
        report(
          new GraphQLError(
            `Cannot spread fragment "${spreadName}" within itself` +
              (viaPath !== '' ? ` via ${viaPath}.` : '.'),
            { nodes: cyclePath },
          ),
        );
      }
      spreadPath.pop();
    }
    pathIndexByName[fragmentName] = undefined;
  };
  return detect;
}

/** graphql-js's "Validation aborted." (a work budget exhausted), whichever copy threw it. */
export function isValidationAborted(error: unknown): error is GraphQLError {
  return (
    error instanceof GraphQLError &&
    error.message === 'Validation aborted.' &&
    error.nodes === undefined &&
    error.path === undefined
  );
}
