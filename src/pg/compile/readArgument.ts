import {
  type GraphQLError,
  GraphQLEnumType,
  GraphQLID,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  Kind,
  print,
  valueFromAST,
  type FieldNode,
  type GraphQLInputType,
  type GraphQLObjectType,
  type ValueNode,
} from 'graphql';
import type { ModelLimits } from '../schema/Model.js';
import { MAX_BIND_PARAMETERS, type BuildContext } from './BuildContext.js';
import { nodeIdTypeName } from './nodeId.js';
import { badInput, filterTooDeep, Param, type Variables } from './Param.js';

/**
 * An argument as the SQL compiler sees it: input objects and lists of input objects are real
 * objects and arrays (they decide the shape of the SQL), the values of enums marked DECIDES_SQL
 * (`OrderDirection`, `<Type>OrderableColumn`) are strings (they decide the SQL text), and every other scalar or scalar list is a `Param` read at execute time.
 */
export type ArgValue = Param | string | null | ArgValue[] | { [field: string]: ArgValue };

/**
 * How far `readArgument` follows input objects and lists before refusing. Only `where` nests in a
 * reflected schema, and a where object is at most two levels below the previous one (`and` →
 * list → object, relation → `some` → object), so a where within `maxFilterDepth` never goes past
 * `2 × maxFilterDepth` levels: whereSql gives the exact answer, this bound keeps the recursion
 * here (and the memory it takes) small for anything deeper.
 */
export function maxInputNesting(limits: ModelLimits): number {
  return 2 * limits.maxFilterDepth;
}

/** Reads an argument's value node against the variables of this request (for its shape only). */
export function readArgument(
  node: ValueNode | undefined,
  type: GraphQLInputType,
  variables: Variables,
  limits: ModelLimits,
  level = 0,
): ArgValue {
  if (node === undefined) return null;
  if (level > maxInputNesting(limits)) throw filterTooDeep(limits.maxFilterDepth);
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    return fromVariable(variables[name], named, [name], limits, level);
  }
  if (node.kind === Kind.NULL) return null;
  if (isStructural(named)) {
    if (decidesSql(named))
      return (valueFromAST(node, named, variables) as string | undefined) ?? null;
    if (named instanceof GraphQLList) {
      // Input coercion (spec §3.11): a single value where a list is expected is a list of one.
      const items = node.kind === Kind.LIST ? node.values : [node];
      return items.map((item) => readArgument(item, named.ofType, variables, limits, level + 1));
    }
    const objectType = named as GraphQLInputObjectType;
    if (node.kind !== Kind.OBJECT) return null;
    const fields = objectType.getFields();
    const result: { [field: string]: ArgValue } = {};
    for (const field of node.fields) {
      const def = fields[field.name.value];
      if (!def) continue;
      const value = readArgument(field.value, def.type, variables, limits, level + 1);
      // An absent variable leaves the field out, as graphql-js's coercion does.
      if (field.value.kind === Kind.VARIABLE && !(field.value.name.value in variables)) continue;
      result[field.name.value] = value;
    }
    return result;
  }
  // A scalar (or list of scalars), literal or mixed with variables: read at execute time.
  const label = `literal ${print(node)}`;
  if (!holdsVariable(node)) {
    // A constant (`limit: 50`): its value is the same for every request, so it is coerced once,
    // on first use, not on every execution of the cached statement. Only scalars are kept: a
    // list is made anew for each request, as it would be with variables.
    let known = false;
    let constant: unknown;
    return new Param(() => {
      if (known) return constant;
      const value = valueFromAST(node, named, EMPTY) ?? null;
      if (typeof value !== 'object' || value === null) {
        known = true;
        constant = value;
      }
      return value;
    }, label);
  }
  return new Param((vars) => valueFromAST(node, named, vars) ?? null, label);
}

const EMPTY: Variables = Object.freeze({});

/** Whether a literal refers to a variable anywhere inside (a list or object may). */
function holdsVariable(node: ValueNode): boolean {
  if (node.kind === Kind.VARIABLE) return true;
  if (node.kind === Kind.LIST) return node.values.some(holdsVariable);
  if (node.kind === Kind.OBJECT) return node.fields.some((field) => holdsVariable(field.value));
  return false;
}

function fromVariable(
  value: unknown,
  type: GraphQLInputType,
  path: ReadonlyArray<string | number>,
  limits: ModelLimits,
  level: number,
): ArgValue {
  if (value === null || value === undefined) return null;
  if (level > maxInputNesting(limits)) throw filterTooDeep(limits.maxFilterDepth);
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (decidesSql(named)) return value as string;
  if (!isStructural(named))
    return new Param((vars) => dig(vars, path) ?? null, `$${path.join('.')}`);
  if (named instanceof GraphQLList) {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item, i) =>
      fromVariable(
        item,
        named.ofType,
        Array.isArray(value) ? [...path, i] : path,
        limits,
        level + 1,
      ),
    );
  }
  const fields = (named as GraphQLInputObjectType).getFields();
  const result: { [field: string]: ArgValue } = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const def = fields[name];
    if (def) result[name] = fromVariable(v, def.type, [...path, name], limits, level + 1);
  }
  return result;
}

/** Types whose values change the SQL text, not only its parameters. */
function isStructural(type: GraphQLInputType): boolean {
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named instanceof GraphQLList) return isStructural(named.ofType);
  return named instanceof GraphQLInputObjectType || decidesSql(named);
}

/** An enum marked DECIDES_SQL (OrderDirection, `<Type>OrderableColumn`): read at plan time. */
function decidesSql(type: GraphQLInputType): type is GraphQLEnumType {
  return (
    type instanceof GraphQLEnumType &&
    (type.extensions as { sluice?: { decidesSql?: boolean } }).sluice?.decidesSql === true
  );
}

function isIdList(list: GraphQLList<GraphQLInputType>): boolean {
  const item = list.ofType instanceof GraphQLNonNull ? list.ofType.ofType : list.ofType;
  return item === GraphQLID;
}

/**
 * The part of the variables that decides the SQL text: null or not for every value, the fields
 * present in input objects, list lengths of input objects and the values of DECIDES_SQL enums. Requests with
 * the same shape share one statement. Runs on every request before anything else reads the
 * variables, so it walks with its own stack, not recursion: linear in the value, whatever its
 * depth (the depth is refused later, by readArgument).
 */
export function variableShape(value: unknown, type: GraphQLInputType): string {
  const out: string[] = [];
  // Values still to write, with their types, and the punctuation between them; last is next.
  const todo: Array<string | readonly [unknown, GraphQLInputType]> = [[value, type]];
  for (let item = todo.pop(); item !== undefined; item = todo.pop()) {
    if (typeof item === 'string') {
      out.push(item);
      continue;
    }
    const [v, t] = item;
    const named = t instanceof GraphQLNonNull ? t.ofType : t;
    if (v === null || v === undefined) out.push('n');
    else if (decidesSql(named)) out.push(String(v));
    // A global id (`node(id:)`, the only ID input): the type it names picks the table.
    else if (named === GraphQLID) out.push(`v:${nodeIdTypeName(v) ?? '?'}`);
    // `nodes(ids:)`: the types the ids name, in order, pick the table of each.
    else if (named instanceof GraphQLList && isIdList(named)) {
      const ids: unknown[] = Array.isArray(v) ? v : [v];
      out.push(`v:[${ids.map((id) => nodeIdTypeName(id) ?? '?').join(',')}]`);
    } else if (!isStructural(named)) out.push('v');
    else if (named instanceof GraphQLList) {
      const items: unknown[] = Array.isArray(v) ? v : [v];
      out.push('[');
      todo.push(']');
      for (let i = items.length - 1; i >= 0; i--) {
        todo.push([items[i], named.ofType]);
        if (i > 0) todo.push(',');
      }
    } else {
      const fields = (named as GraphQLInputObjectType).getFields();
      const entries = Object.entries(v as Record<string, unknown>).filter(([name]) => fields[name]);
      out.push('{');
      todo.push('}');
      for (let i = entries.length - 1; i >= 0; i--) {
        const [name, fieldValue] = entries[i] as [string, unknown];
        todo.push([fieldValue, (fields[name] as { type: GraphQLInputType }).type], `${name}:`);
        if (i > 0) todo.push(',');
      }
    }
  }
  return out.join('');
}

function dig(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}

/** The field's arguments, read against this request's variables (for the statement's shape). */
export function readArgs(
  context: BuildContext,
  parentType: GraphQLObjectType,
  nodes: ReadonlyArray<FieldNode>,
): Record<string, ArgValue> {
  const node = nodes[0] as FieldNode;
  const fieldDef = parentType.getFields()[node.name.value];
  const args: Record<string, ArgValue> = {};
  const bindings = context.bindings;
  for (const argDef of fieldDef?.args ?? []) {
    const argNode = node.arguments?.find((a) => a.name.value === argDef.name);
    const value = readArgument(
      argNode?.value,
      argDef.type,
      context.variables,
      context.model.limits,
    );
    if (bindings !== undefined) {
      bindings.count += paramsIn(value);
      if (bindings.count > MAX_BIND_PARAMETERS) throw tooManyBindings();
    }
    args[argDef.name] = value;
  }
  return args;
}

/** The values an argument binds (its Params): an upper bound of the parameters it adds. */
function paramsIn(value: ArgValue): number {
  if (value instanceof Param) return 1;
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  for (const item of Array.isArray(value) ? value : Object.values(value)) count += paramsIn(item);
  return count;
}

export function tooManyBindings(): GraphQLError {
  return badInput(
    `The operation binds more than ${MAX_BIND_PARAMETERS} values in one statement (a variable used under many aliases binds its values at each use).`,
  );
}
