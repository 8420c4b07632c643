import {
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLNonNull,
  Kind,
  print,
  valueFromAST,
  type GraphQLInputType,
  type ValueNode,
} from 'graphql';
import { OrderDirection } from '../schema/inputTypes.js';
import { Param, type Variables } from './Param.js';

/**
 * An argument as the SQL compiler sees it: input objects and lists of input objects are real
 * objects and arrays (they decide the shape of the SQL), `OrderDirection` values are strings (they
 * decide the SQL text), and every other scalar or scalar list is a `Param` read at execute time.
 */
export type ArgValue = Param | string | null | ArgValue[] | { [field: string]: ArgValue };

/** Reads an argument's value node against the variables of this request (for its shape only). */
export function readArgument(
  node: ValueNode | undefined,
  type: GraphQLInputType,
  variables: Variables,
): ArgValue {
  if (node === undefined) return null;
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (node.kind === Kind.VARIABLE) {
    const name = node.name.value;
    return fromVariable(variables[name], named, [name]);
  }
  if (node.kind === Kind.NULL) return null;
  if (isStructural(named)) {
    if (named === OrderDirection)
      return (valueFromAST(node, named, variables) as string | undefined) ?? null;
    if (named instanceof GraphQLList) {
      // Input coercion (spec §3.11): a single value where a list is expected is a list of one.
      const items = node.kind === Kind.LIST ? node.values : [node];
      return items.map((item) => readArgument(item, named.ofType, variables));
    }
    const objectType = named as GraphQLInputObjectType;
    if (node.kind !== Kind.OBJECT) return null;
    const fields = objectType.getFields();
    const result: { [field: string]: ArgValue } = {};
    for (const field of node.fields) {
      const def = fields[field.name.value];
      if (!def) continue;
      const value = readArgument(field.value, def.type, variables);
      // An absent variable leaves the field out, as graphql-js's coercion does.
      if (field.value.kind === Kind.VARIABLE && !(field.value.name.value in variables)) continue;
      result[field.name.value] = value;
    }
    return result;
  }
  // A scalar (or list of scalars), literal or mixed with variables: read at execute time.
  const label = `literal ${print(node)}`;
  return new Param((vars) => valueFromAST(node, named, vars) ?? null, label);
}

function fromVariable(
  value: unknown,
  type: GraphQLInputType,
  path: ReadonlyArray<string | number>,
): ArgValue {
  if (value === null || value === undefined) return null;
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named === OrderDirection) return value as string;
  if (!isStructural(named))
    return new Param((vars) => dig(vars, path) ?? null, `$${path.join('.')}`);
  if (named instanceof GraphQLList) {
    const items = Array.isArray(value) ? value : [value];
    return items.map((item, i) =>
      fromVariable(item, named.ofType, Array.isArray(value) ? [...path, i] : path),
    );
  }
  const fields = (named as GraphQLInputObjectType).getFields();
  const result: { [field: string]: ArgValue } = {};
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const def = fields[name];
    if (def) result[name] = fromVariable(v, def.type, [...path, name]);
  }
  return result;
}

/** Types whose values change the SQL text, not only its parameters. */
function isStructural(type: GraphQLInputType): boolean {
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named instanceof GraphQLList) return isStructural(named.ofType);
  return named instanceof GraphQLInputObjectType || named === OrderDirection;
}

/**
 * The part of the variables that decides the SQL text: null or not for every value, the fields
 * present in input objects, list lengths of input objects and OrderDirection values. Requests with
 * the same shape share one statement.
 */
export function variableShape(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'n';
  const named = type instanceof GraphQLNonNull ? type.ofType : type;
  if (named === OrderDirection) return String(value);
  if (!isStructural(named)) return 'v';
  if (named instanceof GraphQLList) {
    const items = Array.isArray(value) ? value : [value];
    return `[${items.map((item) => variableShape(item, named.ofType)).join(',')}]`;
  }
  const fields = (named as GraphQLInputObjectType).getFields();
  const parts: string[] = [];
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    const def = fields[name];
    if (def) parts.push(`${name}:${variableShape(v, def.type)}`);
  }
  return `{${parts.join(',')}}`;
}

function dig(value: unknown, path: ReadonlyArray<string | number>): unknown {
  let current = value;
  for (const key of path) {
    if (current === null || current === undefined) return undefined;
    current = (current as Record<string | number, unknown>)[key];
  }
  return current;
}
