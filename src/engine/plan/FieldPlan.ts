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
import type { ObjectFieldSlot, TextFieldSlot } from './EmitterSlots.js';
import type { SelectionPlan } from './SelectionPlan.js';
import type { SourceGroup } from './SourceGroup.js';
import {
  builtinScalarKind,
  completionNeedsInfo,
  isLeafCompletion,
  isNonNull,
  plainObjectTypeOf,
  type BuiltinScalarKind,
} from '../schema/typeGuards.js';

type Args = Record<string, unknown>;

/** Copied per call by `argumentsFor`, never handed out itself. */
const NO_ARGUMENTS: Args = Object.freeze({});

/**
 * How a field is executed, decided once when its plan is built (both emitters and the code
 * generator switch on it; a plan's kind never changes):
 *
 * - `typename`: `__typename`, answered at plan time;
 * - `source`: a root field answered by a data source (DataSource.ts);
 * - `leaf`: a built-in scalar read by the default resolver, with arguments that coerce the same
 *   every time (so nothing can fail before the property is read);
 * - `object`: a plain object type (no isTypeOf: completion calls nothing), resolved by its own
 *   resolver, or read by the default resolver with such arguments;
 * - `resolved`: any other field with its own resolver;
 * - `read`: any other field read by the default resolver.
 */
export type FieldKind = FieldPlan['kind'];

/** What every field plan holds, whatever its kind. */
interface FieldPlanBase {
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
  /** Whether the return type is non-null: an error here propagates to the parent. */
  readonly nonNull: boolean;
  /** Whether completing the value calls resolveType or isTypeOf, which take the resolve info. */
  readonly needsInfo: boolean;
  /** Whether completion never needs the field's path (leaf types): it is made only on failure. */
  readonly leafCompletion: boolean;
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
  /** Each emitter's completer and state for this field, made when it first runs it. */
  text: TextFieldSlot | undefined;
  object: ObjectFieldSlot | undefined;
  /**
   * Sub-selection plans by runtime object type, filled in lazily (see subselectionOf); undefined
   * until a second runtime type is met (the first is `lastSubselection`).
   */
  subselections: Map<GraphQLObjectType, SelectionPlan> | undefined;
  /** The most recently used entry of `subselections`: nearly always the only one. */
  lastSubselectionType: GraphQLObjectType | undefined;
  lastSubselection: SelectionPlan | undefined;
}

/** The kind-specific members; absent ones are undefined, so every field plan has one shape. */
interface KindMembers<K extends string> {
  readonly kind: K;
  /** For `typename`: the answer, and its JSON text. */
  readonly typename: K extends 'typename' ? string : undefined;
  readonly typenameJSON: K extends 'typename' ? string : undefined;
  /** For `source`: the data source's group and this field's place in it. */
  readonly source: K extends 'source'
    ? { readonly group: SourceGroup; readonly index: number }
    : undefined;
  /** For `leaf`: which built-in scalar, and so which plain JavaScript type it expects. */
  readonly scalar: K extends 'leaf' ? BuiltinScalarKind : undefined;
  /** For `object`: the plain object type its sub-selection is for. */
  readonly objectType: K extends 'object' ? GraphQLObjectType : undefined;
}

/**
 * Everything about one response key of one selection set that does not depend on a request:
 * decided once when the plan is built, read on every execution.
 */
export type FieldPlan = FieldPlanBase &
  (
    | KindMembers<'typename'>
    | KindMembers<'source'>
    | KindMembers<'leaf'>
    | KindMembers<'object'>
    | KindMembers<'resolved'>
    | KindMembers<'read'>
  );

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
  source: { readonly group: SourceGroup; readonly index: number } | undefined,
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
  const resolve = isTypename ? undefined : fieldDef.resolve;
  const returnType = fieldDef.type;
  // The default resolver reads the property inline when nothing can fail before it is read.
  const defaultRead = resolve === undefined && staticArgs !== undefined;
  const scalar = builtinScalarKind(returnType);
  const plainObject = plainObjectTypeOf(returnType);
  const kind: FieldKind = isTypename
    ? 'typename'
    : source !== undefined
      ? 'source'
      : defaultRead && scalar !== undefined
        ? 'leaf'
        : plainObject !== undefined && (resolve !== undefined || defaultRead)
          ? 'object'
          : resolve !== undefined
            ? 'resolved'
            : 'read';
  // One object literal for every kind, every member in the same order: V8 gives all field plans
  // one shape (hidden class), so the executors' loads of these members stay monomorphic. The
  // kind's members are chosen with the kind, here, which is what the type's union says. (A common
  // part spread into one literal per kind made a first request of 100 fields 4x slower: 2.8 ms
  // against 0.7 ms to plan and run it, most of it in that spread and in garbage collection.)
  const fieldName = propertyKey(fieldDef.name);
  return {
    kind,
    responseKey: responseKey === fieldName ? fieldName : propertyKey(responseKey),
    // Response keys are GraphQL names ([spec: Names](https://spec.graphql.org/October2021/#sec-Names)):
    // nothing in them needs escaping.
    keyJSON: '"' + responseKey + '":',
    fieldName,
    fieldNodes,
    fieldDef,
    parentType,
    returnType,
    resolve,
    nonNull: isNonNull(returnType),
    needsInfo: completionNeedsInfo(returnType),
    leafCompletion: isLeafCompletion(returnType),
    staticArgs,
    staticArgsError,
    argumentsBuilder: staticArgs === undefined && staticArgsError === undefined ? undefined : null,
    typename: kind === 'typename' ? parentType.name : undefined,
    // A GraphQL name: nothing to escape.
    typenameJSON: kind === 'typename' ? '"' + parentType.name + '"' : undefined,
    source: kind === 'source' ? source : undefined,
    scalar: kind === 'leaf' ? scalar : undefined,
    objectType: kind === 'object' ? plainObject : undefined,
    text: undefined,
    object: undefined,
    subselections: undefined,
    lastSubselectionType: undefined,
    lastSubselection: undefined,
  } as FieldPlan;
}

/**
 * `name` as V8 keeps property keys (internalized). Names from the parser are slices of the
 * document (or of the SDL), and a keyed access with such a key looks it up in V8's string table
 * every time; with the internalized key it is one pointer comparison. On the feed benchmark this
 * took the object executor's time from 10.5 to 4.1 us per list of 50 posts.
 *
 * Internalizing (a one-key object, then Object.keys) allocates two objects; names met before are
 * looked up instead, in a table bounded in entries and in name length, since response keys are
 * the client's text. Past the bound, names are internalized each time, with the same answer.
 */
export function propertyKey(name: string): string {
  const known = internalized.get(name);
  if (known !== undefined) return known;
  const key = Object.keys({ [name]: 0 })[0] ?? name;
  if (internalized.size < MAX_INTERNALIZED && key.length <= MAX_INTERNALIZED_LENGTH)
    internalized.set(key, key);
  return key;
}

const internalized = new Map<string, string>();
const MAX_INTERNALIZED = 4096;
const MAX_INTERNALIZED_LENGTH = 64;

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
