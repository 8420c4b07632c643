import { Kind, valueFromAST, type FieldNode, type GraphQLField } from 'graphql';
import { isNonNull } from '../schema/typeGuards.js';

/**
 * Builds a field's argument values for one call, or answers undefined when it cannot do so the
 * quick way: then graphql-js's getArgumentValues runs and raises the exact error.
 */
export type ArgumentsBuilder = (
  variableValues: Readonly<Record<string, unknown>>,
) => Record<string, unknown> | undefined;

type Step =
  | {
      readonly kind: 'absent';
      readonly name: string;
      readonly hasDefault: boolean;
      readonly defaultValue: unknown;
      readonly nonNull: boolean;
    }
  | { readonly kind: 'literal'; readonly name: string; readonly value: unknown }
  | {
      readonly kind: 'variable';
      readonly name: string;
      readonly variable: string;
      readonly hasDefault: boolean;
      readonly defaultValue: unknown;
      readonly nonNull: boolean;
    };

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

/**
 * graphql-js's getArgumentValues ([spec: CoerceArgumentValues](https://spec.graphql.org/October2021/#CoerceArgumentValues())) specialised at plan time for
 * a field whose arguments are each a variable or a literal without variables that coerces to a
 * primitive. Literals are coerced once here; variables are read from the coerced variables, as
 * valueFromAST reads them. Anything else (input object or list literals, which graphql-js builds
 * afresh per call) is left to getArgumentValues.
 */
export function compileArguments(
  fieldDef: GraphQLField<unknown, unknown>,
  node: FieldNode,
): ArgumentsBuilder | undefined {
  const steps: Step[] = [];
  for (const argDef of fieldDef.args) {
    const name = argDef.name;
    const nonNull = isNonNull(argDef.type);
    const hasDefault = argDef.defaultValue !== undefined;
    const argNode = node.arguments?.find((arg) => arg.name.value === name);
    if (!argNode) {
      steps.push({ kind: 'absent', name, hasDefault, defaultValue: argDef.defaultValue, nonNull });
      continue;
    }
    const valueNode = argNode.value;
    if (valueNode.kind === Kind.VARIABLE) {
      steps.push({
        kind: 'variable',
        name,
        variable: valueNode.name.value,
        hasDefault,
        defaultValue: argDef.defaultValue,
        nonNull,
      });
      continue;
    }
    if (
      valueNode.kind === Kind.LIST ||
      valueNode.kind === Kind.OBJECT ||
      valueNode.kind === Kind.NULL
    ) {
      return undefined;
    }
    const value = valueFromAST(valueNode, argDef.type);
    if (value === undefined || (value !== null && typeof value === 'object')) return undefined;
    steps.push({ kind: 'literal', name, value });
  }
  return (variableValues) => {
    const values: Record<string, unknown> = {};
    for (const step of steps) {
      if (step.kind === 'literal') {
        values[step.name] = step.value;
      } else if (step.kind === 'absent') {
        if (step.hasDefault) values[step.name] = step.defaultValue;
        else if (step.nonNull) return undefined;
      } else if (!hasOwn(variableValues, step.variable)) {
        if (step.hasDefault) values[step.name] = step.defaultValue;
        else if (step.nonNull) return undefined;
      } else {
        const value = variableValues[step.variable];
        if (value === undefined || (value === null && step.nonNull)) return undefined;
        values[step.name] = value;
      }
    }
    return values;
  };
}
