import {
  GraphQLBoolean,
  GraphQLEnumType,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLInputObjectType,
  GraphQLList,
  GraphQLScalarType,
  GraphQLString,
  isInputType,
  typeFromAST,
  valueFromAST,
  type GraphQLInputType,
  type GraphQLSchema,
  type VariableDefinitionNode,
} from 'graphql';
import { isEnum, isNonNull } from '../schema/typeGuards.js';

/**
 * Coerces raw variable values for one operation, or answers where the quick way stopped: then
 * graphql-js's getVariableValues runs from that definition on and reports the exact errors.
 */
export type VariableCoercer = (
  inputs: Readonly<Record<string, unknown>>,
) => Record<string, unknown> | VariableRefusal;

/**
 * The quick way's refusal: the index of the definition it could not coerce, and the values of
 * those before it, which hold no error (so graphql-js need not coerce them again: a custom
 * scalar's `parseValue` runs once per value, as in graphql-js).
 */
export class VariableRefusal {
  constructor(
    readonly at: number,
    readonly coerced: Readonly<Record<string, unknown>>,
  ) {}
}

/** A scalar's parseValue for the inputs it accepts without error; REFUSED for anything else. */
type ScalarCheck = (value: unknown) => unknown;
const REFUSED: unique symbol = Symbol('refused');

const MAX_INT = 2147483647;
const MIN_INT = -2147483648;

/** parseValue of the built-in scalars, for the inputs they accept. */
const BUILTIN_CHECKS = new Map<unknown, ScalarCheck>([
  [GraphQLString.parseValue, (v) => (typeof v === 'string' ? v : REFUSED)],
  [
    GraphQLInt.parseValue,
    (v) =>
      typeof v === 'number' && Number.isInteger(v) && v <= MAX_INT && v >= MIN_INT ? v : REFUSED,
  ],
  [GraphQLFloat.parseValue, (v) => (typeof v === 'number' && Number.isFinite(v) ? v : REFUSED)],
  [GraphQLBoolean.parseValue, (v) => (typeof v === 'boolean' ? v : REFUSED)],
  [
    GraphQLID.parseValue,
    (v) =>
      typeof v === 'string'
        ? v
        : typeof v === 'number' && Number.isInteger(v)
          ? v.toString()
          : REFUSED,
  ],
]);

const enumParseValue = GraphQLEnumType.prototype.parseValue;
const arrayValues = Array.prototype[Symbol.iterator];

function enumCheck(type: GraphQLEnumType): ScalarCheck {
  return (v) => {
    if (typeof v !== 'string') return REFUSED;
    const value = type.getValue(v);
    return value ? value.value : REFUSED;
  };
}

/**
 * A custom scalar's parseValue (or an enum's own, overriding GraphQLEnumType's): what it
 * answers, REFUSED when it throws or answers undefined.
 */
function scalarCheck(type: GraphQLScalarType | GraphQLEnumType): ScalarCheck {
  return (v) => {
    try {
      const parsed = type.parseValue(v);
      return parsed === undefined ? REFUSED : parsed;
    } catch {
      return REFUSED;
    }
  };
}

/**
 * graphql-js's coerceInputValue for the inputs it accepts, specialised per type once per plan:
 * the same values (an input object's fields in the type's order, defaults filled, lists of one
 * for a single value), REFUSED for anything it would report (then graphql-js runs and reports
 * it). A oneOf input object, or a list given as an iterable other than a plain array (an array
 * with an iterator of its own included), is not specialised.
 * `memo` ties recursive input types.
 */
function inputCheck(
  type: GraphQLInputType,
  memo: Map<unknown, ScalarCheck>,
): ScalarCheck | undefined {
  if (isNonNull(type)) {
    const inner = inputCheck(type.ofType, memo);
    return inner && ((v) => (v == null ? REFUSED : inner(v)));
  }
  const known = memo.get(type);
  if (known) return known;
  if (type instanceof GraphQLList) {
    const item = inputCheck(type.ofType as GraphQLInputType, memo);
    if (!item) return undefined;
    const check: ScalarCheck = (v) => {
      if (v == null) return null;
      if (!Array.isArray(v)) {
        // An iterable other than an array: left to graphql-js (Array.from).
        if (
          typeof v === 'object' &&
          typeof (v as Iterable<unknown>)[Symbol.iterator] === 'function'
        )
          return REFUSED;
        const one = item(v);
        return one === REFUSED ? REFUSED : [one];
      }
      // An array with an iterator of its own: Array.from follows that iterator, not the indices.
      if (v[Symbol.iterator] !== arrayValues) return REFUSED;
      const out = new Array<unknown>(v.length);
      for (let i = 0; i < v.length; i++) {
        const coerced = item(v[i]);
        if (coerced === REFUSED) return REFUSED;
        out[i] = coerced;
      }
      return out;
    };
    memo.set(type, check);
    return check;
  }
  if (type instanceof GraphQLInputObjectType) {
    if (type.isOneOf) return undefined;
    interface FieldStep {
      readonly name: string;
      readonly nonNull: boolean;
      readonly defaultValue: unknown;
      check: ScalarCheck;
    }
    const steps: FieldStep[] = [];
    const names = new Set<string>();
    // Set before the fields: a field of the type's own type (or a cycle) finds it.
    const check: ScalarCheck = (v) => {
      if (v === null || v === undefined) return null;
      if (typeof v !== 'object' || Array.isArray(v)) return REFUSED;
      const input = v as Record<string, unknown>;
      const out: Record<string, unknown> = {};
      for (const step of steps) {
        const value = input[step.name];
        if (value === undefined) {
          if (step.defaultValue !== undefined) out[step.name] = step.defaultValue;
          else if (step.nonNull) return REFUSED;
          continue;
        }
        const coerced = step.check(value);
        if (coerced === REFUSED) return REFUSED;
        out[step.name] = coerced;
      }
      for (const key in input)
        if (Object.prototype.hasOwnProperty.call(input, key) && !names.has(key)) return REFUSED;
      return out;
    };
    memo.set(type, check);
    for (const field of Object.values(type.getFields())) {
      const fieldCheck = inputCheck(field.type, memo);
      if (!fieldCheck) {
        memo.delete(type);
        return undefined;
      }
      names.add(field.name);
      steps.push({
        name: field.name,
        nonNull: isNonNull(field.type),
        defaultValue: field.defaultValue,
        check: fieldCheck,
      });
    }
    return check;
  }
  let leaf: ScalarCheck | undefined;
  if (isEnum(type))
    // graphql-js coerces through `type.parseValue`: a subclass may override it.
    leaf = type.parseValue === enumParseValue ? enumCheck(type) : scalarCheck(type);
  else if (type instanceof GraphQLScalarType)
    leaf = BUILTIN_CHECKS.get(type.parseValue) ?? scalarCheck(type);
  if (!leaf) return undefined;
  const nullable = leaf;
  const check: ScalarCheck = (v) => (v == null ? null : nullable(v));
  memo.set(type, check);
  return check;
}

interface VariableStep {
  readonly name: string;
  readonly nonNull: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  readonly check: ScalarCheck;
}

/**
 * graphql-js's [CoerceVariableValues](https://spec.graphql.org/October2021/#CoerceVariableValues()) specialised at plan time: scalars, enums, lists
 * and input objects (inputCheck), with scalar defaults. Returns undefined for operations it does
 * not specialise. A batch of 50 nested rows as one variable (bench/writes' whole-graph create:
 * 250 input objects) cost 1.2 ms of Node CPU per request in graphql-js's coerceInputValue.
 */
export function compileVariables(
  schema: GraphQLSchema,
  definitions: ReadonlyArray<VariableDefinitionNode>,
): VariableCoercer | undefined {
  const steps: VariableStep[] = [];
  const memo = new Map<unknown, ScalarCheck>();
  for (const definition of definitions) {
    // `coerced` below is a plain object: assigning `__proto__` would set its prototype, where
    // graphql-js (an object without prototype, then spread) keeps it as a key.
    if (definition.variable.name.value === '__proto__') return undefined;
    const type = typeFromAST(schema, definition.type);
    if (type === undefined || !isInputType(type)) return undefined;
    const nonNull = isNonNull(type);
    const check = inputCheck(nonNull ? type.ofType : type, memo);
    if (check === undefined) return undefined;
    let defaultValue: unknown;
    if (definition.defaultValue) {
      defaultValue = valueFromAST(definition.defaultValue, type);
      if (defaultValue === undefined || (defaultValue !== null && typeof defaultValue === 'object'))
        return undefined;
    }
    steps.push({
      name: definition.variable.name.value,
      nonNull,
      hasDefault: definition.defaultValue !== undefined,
      defaultValue,
      check,
    });
  }
  return (inputs) => {
    const coerced: Record<string, unknown> = {};
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      if (!Object.prototype.hasOwnProperty.call(inputs, step.name)) {
        if (step.hasDefault) coerced[step.name] = step.defaultValue;
        else if (step.nonNull) return new VariableRefusal(i, coerced);
        continue;
      }
      const value = inputs[step.name];
      if (value == null) {
        if (step.nonNull) return new VariableRefusal(i, coerced);
        coerced[step.name] = null;
        continue;
      }
      const checked = step.check(value);
      if (checked === REFUSED) return new VariableRefusal(i, coerced);
      coerced[step.name] = checked;
    }
    return coerced;
  };
}
