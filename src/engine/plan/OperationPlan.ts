import {
  GraphQLError,
  Kind,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLObjectType,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';
import { compileVariables, VariableRefusal, type VariableCoercer } from './compileVariables.js';
import { DocumentMemo } from './DocumentMemo.js';
import { pickOperation } from './pickOperation.js';
import { planRootSelection, type SelectionPlan } from './SelectionPlan.js';

/**
 * A plan for one operation of one document against one schema. Everything below the root is
 * filled in lazily, the first time execution reaches it, and then reused: a plan costs about one
 * graphql-js execution to build, so a first request is not slower than graphql-js.
 *
 * Which fields are collected depends on the `@skip`/`@include` variables, so the plan keeps one
 * tree per combination of their values ("variant"); all other variables are read per request.
 */
export interface OperationPlan {
  readonly schema: GraphQLSchema;
  readonly document: DocumentNode;
  readonly operation: OperationDefinitionNode;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
  /** Undefined when the schema has no root type for this operation (an execution error). */
  readonly rootType: GraphQLObjectType | undefined;
  /** Variables used by `@skip(if:)` / `@include(if:)` anywhere in the operation or its fragments. */
  readonly conditionVariables: ReadonlyArray<string>;
  readonly variants: Map<string, SelectionPlan>;
  /** The one variant of an operation without condition variables, once built (no key to find). */
  onlyVariant: SelectionPlan | undefined;
  /**
   * Variable coercion specialised for this operation: undefined before the first request, then
   * 'next' (the first request uses graphql-js's, so a document used once pays nothing to build
   * it), then the coercer, or null when the operation's variables are not ones it handles.
   */
  variableCoercer: VariableCoercer | 'next' | null | undefined;
}

/** A cap on variants kept per plan; beyond it, variants are built per request and not kept. */
const MAX_VARIANTS = 64;

/**
 * A document's plans: those for its first schema inline (nearly every document meets one), any
 * other schema's beside them.
 */
interface DocumentPlans {
  readonly schema: GraphQLSchema;
  /** The plan asked for without an operation name, for `schema`: found without a map. */
  unnamed: OperationPlan | undefined;
  readonly byName: Map<string, OperationPlan>;
  others: WeakMap<GraphQLSchema, Map<string, OperationPlan>> | undefined;
}

const plans = new DocumentMemo<DocumentPlans>('sluice.plans');

/**
 * The plan of `document`'s operation asked for without a name, when one was built for `schema`
 * already (by getOperationPlan, after the execution checked the schema): found with one lookup.
 */
export function cachedUnnamedPlan(
  schema: GraphQLSchema,
  document: DocumentNode,
): OperationPlan | undefined {
  // A missing document is the execution's error to report, as graphql-js words it.
  if (document == null) return undefined;
  const held = plans.get(document);
  return held !== undefined && held.schema === schema ? held.unnamed : undefined;
}

/**
 * The plan for `operationName` in `document`, cached by document identity and schema. Returns
 * graphql-js's error when the operation cannot be picked (not cached).
 */
export function getOperationPlan(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationPlan | GraphQLError {
  let held = plans.get(document);
  if (held === undefined) {
    held = { schema, unnamed: undefined, byName: new Map(), others: undefined };
    plans.set(document, held);
  }
  if (operationName == null && held.schema === schema && held.unnamed !== undefined) {
    return held.unnamed;
  }
  let byName = held.schema === schema ? held.byName : held.others?.get(schema);
  if (byName === undefined) {
    byName = new Map();
    (held.others ??= new WeakMap()).set(schema, byName);
  }
  const key = operationName == null ? '' : '$' + operationName;
  let plan = byName.get(key);
  if (!plan) {
    const built = buildOperationPlan(schema, document, operationName);
    if (built instanceof GraphQLError) return built;
    // Only names the document has are kept: a caller's names are unbounded.
    byName.set(key, (plan = built));
  }
  if (key === '' && held.schema === schema) held.unnamed = plan;
  return plan;
}

function buildOperationPlan(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
): OperationPlan | GraphQLError {
  const operation = pickOperation(document, operationName);
  if (operation instanceof GraphQLError) return operation;
  const fragments: Record<string, FragmentDefinitionNode> = Object.create(null);
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments[definition.name.value] = definition;
  }
  return {
    schema,
    document,
    operation,
    fragments,
    rootType: schema.getRootType(operation.operation) ?? undefined,
    conditionVariables: findConditionVariables(operation, fragments),
    variants: new Map(),
    onlyVariant: undefined,
    variableCoercer: undefined,
  };
}

function findConditionVariables(
  operation: OperationDefinitionNode,
  fragments: Readonly<Record<string, FragmentDefinitionNode>>,
): string[] {
  const names = new Set<string>();
  const scan = (selectionSet: SelectionSetNode): void => {
    for (const selection of selectionSet.selections) {
      for (const directive of selection.directives ?? []) {
        if (directive.name.value !== 'skip' && directive.name.value !== 'include') continue;
        for (const arg of directive.arguments ?? []) {
          if (arg.value.kind === Kind.VARIABLE) names.add(arg.value.name.value);
        }
      }
      if (selection.kind !== Kind.FRAGMENT_SPREAD && selection.selectionSet)
        scan(selection.selectionSet);
    }
  };
  scan(operation.selectionSet);
  for (const fragment of Object.values(fragments)) scan(fragment.selectionSet);
  return [...names];
}

/** Nothing coerced the quick way: graphql-js's getVariableValues coerces every definition. */
const NOT_COERCED = new VariableRefusal(0, Object.freeze({}));

/**
 * Coerces the request's variables through the operation's specialised coercer when it has one
 * (from its third request on), or answers from which definition on graphql-js's
 * getVariableValues must coerce them (and report every error).
 */
export function quickCoerceVariables(
  plan: OperationPlan,
  inputs: Readonly<Record<string, unknown>>,
): Record<string, unknown> | VariableRefusal {
  const coercer = plan.variableCoercer;
  if (typeof coercer === 'function') return coercer(inputs);
  if (coercer === undefined) {
    plan.variableCoercer = 'next';
  } else if (coercer === 'next') {
    plan.variableCoercer =
      compileVariables(plan.schema, plan.operation.variableDefinitions ?? []) ?? null;
  }
  return NOT_COERCED;
}

/**
 * The root selection plan for a request. Building it runs CollectFields, which can throw (as in
 * graphql-js, e.g. a `@skip(if: $v)` whose variable is null); a failed build is not cached.
 */
export function rootSelectionFor(
  plan: OperationPlan,
  rootType: GraphQLObjectType,
  variableValues: Readonly<Record<string, unknown>>,
): SelectionPlan {
  // Most operations have no @skip/@include variables: one variant, found without building a key.
  const only = plan.onlyVariant;
  if (only !== undefined) return only;
  let key = '';
  let cacheable = true;
  const conditionValues: Record<string, unknown> = {};
  for (const name of plan.conditionVariables) {
    const value = variableValues[name];
    conditionValues[name] = value;
    if (value === true) key += 't';
    else if (value === false) key += 'f';
    else if (value === undefined) key += 'u';
    else cacheable = false;
  }
  if (cacheable) {
    const known = plan.variants.get(key);
    if (known) return known;
  }
  const built = planRootSelection(plan, variableValues, conditionValues, rootType);
  if (cacheable && plan.variants.size < MAX_VARIANTS) plan.variants.set(key, built);
  if (plan.conditionVariables.length === 0) plan.onlyVariant = built;
  return built;
}
