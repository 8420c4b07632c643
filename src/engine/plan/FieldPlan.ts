import {
  getArgumentValues,
  Kind,
  SchemaMetaFieldDef,
  TypeMetaFieldDef,
  TypeNameMetaFieldDef,
  type FieldNode,
  type GraphQLField,
  type GraphQLFieldResolver,
  type GraphQLObjectType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type ValueNode,
} from 'graphql';
import { compileArguments, type ArgumentsBuilder } from './compileArguments.js';
import type { SourceGroup } from './SourceGroup.js';

type Args = Record<string, unknown>;

/** Copied per call by `argumentsFor`, never handed out itself. */
const NO_ARGUMENTS: Args = Object.freeze({});

/**
 * Everything about one response key of one selection set that does not depend on a request:
 * decided once when the plan is built, read on every execution.
 */
export interface FieldPlan {
  readonly responseKey: string;
  /** `"responseKey":` — the key as it is written into JSON text. */
  readonly keyJSON: string;
  readonly fieldName: string;
  readonly fieldNodes: ReadonlyArray<FieldNode>;
  readonly fieldDef: GraphQLField<unknown, unknown>;
  readonly parentType: GraphQLObjectType;
  readonly returnType: GraphQLOutputType;
  /** The field's own resolver; undefined means the execution's field resolver (default or given). */
  readonly resolve: GraphQLFieldResolver<unknown, unknown> | undefined;
  /** For `__typename`: the answer, known at plan time. */
  readonly typename: string | undefined;
  /**
   * Argument values when the arguments use no variables (computed once), or the error computing
   * them raised (rethrown where graphql-js would raise it). Undefined when they use variables.
   */
  readonly staticArgs: Args | undefined;
  readonly staticArgsError: { readonly error: unknown } | undefined;
  /**
   * For arguments that use variables: a builder specialised for this field, made on the second
   * call (a field called once pays nothing to build it); null when it does not apply.
   */
  argumentsBuilder: ArgumentsBuilder | 'next' | null | undefined;
  /** The root data source that answers this field, if any. */
  readonly source: { readonly group: SourceGroup; readonly index: number } | undefined;
  /** Per-mode completion state, filled in lazily by the executors. */
  completeObject: unknown;
  completeJSON: unknown;
  /** Sub-selection plans by runtime object type, filled in lazily (see subselectionOf). */
  subselections: Map<GraphQLObjectType, unknown> | undefined;
  /** The most recently used entry of `subselections`: nearly always the only one. */
  lastSubselectionType: GraphQLObjectType | undefined;
  lastSubselection: unknown;
}

/** graphql-js's getFieldDef, including the three introspection meta-fields. */
export function getFieldDef(
  schema: GraphQLSchema,
  parentType: GraphQLObjectType,
  fieldNode: FieldNode,
): GraphQLField<unknown, unknown> | undefined {
  const fieldName = fieldNode.name.value;
  if (fieldName === SchemaMetaFieldDef.name && schema.getQueryType() === parentType) {
    return SchemaMetaFieldDef;
  }
  if (fieldName === TypeMetaFieldDef.name && schema.getQueryType() === parentType) {
    return TypeMetaFieldDef;
  }
  if (fieldName === TypeNameMetaFieldDef.name) return TypeNameMetaFieldDef;
  return parentType.getFields()[fieldName];
}

function usesVariables(value: ValueNode): boolean {
  switch (value.kind) {
    case Kind.VARIABLE:
      return true;
    case Kind.LIST:
      return value.values.some(usesVariables);
    case Kind.OBJECT:
      return value.fields.some((field) => usesVariables(field.value));
    default:
      return false;
  }
}

export function createFieldPlan(
  responseKey: string,
  fieldNodes: ReadonlyArray<FieldNode>,
  fieldDef: GraphQLField<unknown, unknown>,
  parentType: GraphQLObjectType,
  source: FieldPlan['source'],
): FieldPlan {
  const node = fieldNodes[0] as FieldNode;
  let staticArgs: Args | undefined;
  let staticArgsError: FieldPlan['staticArgsError'];
  if (fieldDef.args.length === 0) {
    // Nothing to coerce: graphql-js would give an empty object.
    staticArgs = NO_ARGUMENTS;
  } else if (!(node.arguments ?? []).some((arg) => usesVariables(arg.value))) {
    try {
      const values = getArgumentValues(fieldDef, node, undefined);
      // Kept only when a shallow copy per call is as good as recomputing: graphql-js builds
      // input objects and lists afresh for every call (a resolver may mutate them), while
      // primitives and the schema's own default values are the same every time.
      if (isShallowCopySafe(fieldDef, values)) staticArgs = values;
    } catch (error) {
      staticArgsError = { error };
    }
  }
  const isTypename = fieldDef === TypeNameMetaFieldDef;
  return {
    responseKey: propertyKey(responseKey),
    // Response keys are GraphQL names (spec §2.1.9): nothing in them needs escaping.
    keyJSON: '"' + responseKey + '":',
    fieldName: propertyKey(fieldDef.name),
    fieldNodes,
    fieldDef,
    parentType,
    returnType: fieldDef.type,
    resolve: isTypename ? undefined : fieldDef.resolve,
    typename: isTypename ? parentType.name : undefined,
    staticArgs,
    staticArgsError,
    argumentsBuilder: staticArgs === undefined && staticArgsError === undefined ? undefined : null,
    source,
    completeObject: undefined,
    completeJSON: undefined,
    subselections: undefined,
    lastSubselectionType: undefined,
    lastSubselection: undefined,
  };
}

/**
 * `name` as V8 keeps property keys (internalized). Names from the parser are slices of the
 * document (or of the SDL), and a keyed access with such a key looks it up in V8's string table
 * every time; with the internalized key it is one pointer comparison. On the feed benchmark this
 * took the object executor's time from 10.5 to 4.1 us per list of 50 posts.
 */
export function propertyKey(name: string): string {
  return Object.keys({ [name]: 0 })[0] ?? name;
}

function isShallowCopySafe(fieldDef: GraphQLField<unknown, unknown>, values: Args): boolean {
  for (const arg of fieldDef.args) {
    const value = values[arg.name];
    if (value !== null && typeof value === 'object' && value !== arg.defaultValue) return false;
  }
  return true;
}

/**
 * The arguments for one call of the field's resolver: a fresh plain object each time, as
 * graphql-js 16.15 gives (`{ ...coercedValues }`), so resolvers may mutate it.
 */
export function argumentsFor(plan: FieldPlan, variableValues: Record<string, unknown>): Args {
  // A field without arguments gets an empty object, as from graphql-js (cheaper than a spread).
  if (plan.staticArgs === NO_ARGUMENTS) return {};
  if (plan.staticArgs !== undefined) return { ...plan.staticArgs };
  if (plan.staticArgsError !== undefined) throw plan.staticArgsError.error;
  const builder = plan.argumentsBuilder;
  if (typeof builder === 'function') {
    const values = builder(variableValues);
    if (values !== undefined) return values;
  } else if (builder === undefined) {
    plan.argumentsBuilder = 'next';
  } else if (builder === 'next') {
    plan.argumentsBuilder =
      compileArguments(plan.fieldDef, plan.fieldNodes[0] as FieldNode) ?? null;
    return argumentsFor(plan, variableValues);
  }
  return getArgumentValues(plan.fieldDef, plan.fieldNodes[0] as FieldNode, variableValues);
}
