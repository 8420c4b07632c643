import {
  GraphQLBoolean,
  GraphQLFloat,
  GraphQLID,
  GraphQLInt,
  GraphQLString,
  isInputType,
  typeFromAST,
  valueFromAST,
  type GraphQLEnumType,
  type GraphQLSchema,
  type VariableDefinitionNode,
} from 'graphql';
import { isEnum, isNonNull } from './typeGuards.js';

/**
 * Coerces raw variable values for one operation, or answers undefined when it cannot do so
 * the quick way: then graphql-js's getVariableValues runs and reports the exact errors.
 */
export type VariableCoercer = (
  inputs: Readonly<Record<string, unknown>>,
) => Record<string, unknown> | undefined;

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

function enumCheck(type: GraphQLEnumType): ScalarCheck {
  return (v) => {
    if (typeof v !== 'string') return REFUSED;
    const value = type.getValue(v);
    return value ? value.value : REFUSED;
  };
}

interface VariableStep {
  readonly name: string;
  readonly nonNull: boolean;
  readonly hasDefault: boolean;
  readonly defaultValue: unknown;
  readonly check: ScalarCheck;
}

/**
 * graphql-js's [CoerceVariableValues](https://spec.graphql.org/October2021/#CoerceVariableValues()) specialised at plan time for operations whose
 * variables are all built-in scalars or enums (nullable or not) with scalar defaults: the
 * common case, done without the general input coercion. Returns undefined for operations it does
 * not specialise.
 */
export function compileVariables(
  schema: GraphQLSchema,
  definitions: ReadonlyArray<VariableDefinitionNode>,
): VariableCoercer | undefined {
  const steps: VariableStep[] = [];
  for (const definition of definitions) {
    const type = typeFromAST(schema, definition.type);
    if (type === undefined || !isInputType(type)) return undefined;
    const nonNull = isNonNull(type);
    const named = nonNull ? type.ofType : type;
    const check = isEnum(named)
      ? enumCheck(named)
      : 'parseValue' in named
        ? BUILTIN_CHECKS.get(named.parseValue)
        : undefined;
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
    for (const step of steps) {
      if (!Object.prototype.hasOwnProperty.call(inputs, step.name)) {
        if (step.hasDefault) coerced[step.name] = step.defaultValue;
        else if (step.nonNull) return undefined;
        continue;
      }
      const value = inputs[step.name];
      if (value == null) {
        if (step.nonNull) return undefined;
        coerced[step.name] = null;
        continue;
      }
      const checked = step.check(value);
      if (checked === REFUSED) return undefined;
      coerced[step.name] = checked;
    }
    return coerced;
  };
}
