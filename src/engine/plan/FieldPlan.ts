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
import type { SourceGroup } from './SourceGroup.js';

type Args = Record<string, unknown>;

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
  /** The root data source that answers this field, if any. */
  readonly source: { readonly group: SourceGroup; readonly index: number } | undefined;
  /** Per-mode completion functions and sub-selection plans, filled in lazily by the executors. */
  completeObject: unknown;
  completeJSON: unknown;
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
  if (!(node.arguments ?? []).some((arg) => usesVariables(arg.value))) {
    try {
      staticArgs = getArgumentValues(fieldDef, node, undefined);
    } catch (error) {
      staticArgsError = { error };
    }
  }
  const isTypename = fieldDef === TypeNameMetaFieldDef;
  return {
    responseKey,
    keyJSON: JSON.stringify(responseKey) + ':',
    fieldName: fieldDef.name,
    fieldNodes,
    fieldDef,
    parentType,
    returnType: fieldDef.type,
    resolve: isTypename ? undefined : fieldDef.resolve,
    typename: isTypename ? parentType.name : undefined,
    staticArgs,
    staticArgsError,
    source,
    completeObject: undefined,
    completeJSON: undefined,
  };
}

/**
 * The arguments for one call of the field's resolver: a fresh object each time (resolvers may
 * mutate it), with a null prototype as graphql-js gives.
 */
export function argumentsFor(plan: FieldPlan, variableValues: Record<string, unknown>): Args {
  if (plan.staticArgs !== undefined) {
    const args = Object.create(null) as Args;
    for (const key in plan.staticArgs) args[key] = plan.staticArgs[key];
    return args;
  }
  if (plan.staticArgsError !== undefined) throw plan.staticArgsError.error;
  return getArgumentValues(plan.fieldDef, plan.fieldNodes[0] as FieldNode, variableValues);
}
