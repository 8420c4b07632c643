import {
  ExecutableDefinitionsRule,
  FieldsOnCorrectTypeRule,
  FragmentsOnCompositeTypesRule,
  KnownArgumentNamesRule,
  KnownDirectivesRule,
  KnownFragmentNamesRule,
  KnownTypeNamesRule,
  LoneAnonymousOperationRule,
  MaxIntrospectionDepthRule,
  NoFragmentCyclesRule,
  NoUndefinedVariablesRule,
  NoUnusedFragmentsRule,
  NoUnusedVariablesRule,
  OverlappingFieldsCanBeMergedRule,
  PossibleFragmentSpreadsRule,
  ProvidedRequiredArgumentsRule,
  ScalarLeafsRule,
  SingleFieldSubscriptionsRule,
  specifiedRules,
  UniqueArgumentNamesRule,
  UniqueDirectivesPerLocationRule,
  UniqueFragmentNamesRule,
  UniqueInputFieldNamesRule,
  UniqueOperationNamesRule,
  UniqueVariableNamesRule,
  ValuesOfCorrectTypeRule,
  VariablesAreInputTypesRule,
  VariablesInAllowedPositionRule,
  versionInfo,
  type ValidationRule,
} from 'graphql';

/** graphql-js 16.15's specifiedRules, in their order: the index of each in that list. */
export enum Rule {
  ExecutableDefinitions,
  UniqueOperationNames,
  LoneAnonymousOperation,
  SingleFieldSubscriptions,
  KnownTypeNames,
  FragmentsOnCompositeTypes,
  VariablesAreInputTypes,
  ScalarLeafs,
  FieldsOnCorrectType,
  UniqueFragmentNames,
  KnownFragmentNames,
  NoUnusedFragments,
  PossibleFragmentSpreads,
  NoFragmentCycles,
  UniqueVariableNames,
  NoUndefinedVariables,
  NoUnusedVariables,
  KnownDirectives,
  UniqueDirectivesPerLocation,
  KnownArgumentNames,
  UniqueArgumentNames,
  ValuesOfCorrectType,
  ProvidedRequiredArguments,
  VariablesInAllowedPosition,
  OverlappingFieldsCanBeMerged,
  UniqueInputFieldNames,
  MaxIntrospectionDepth,
}

const RULES: ReadonlyArray<ValidationRule> = [
  ExecutableDefinitionsRule,
  UniqueOperationNamesRule,
  LoneAnonymousOperationRule,
  SingleFieldSubscriptionsRule,
  KnownTypeNamesRule,
  FragmentsOnCompositeTypesRule,
  VariablesAreInputTypesRule,
  ScalarLeafsRule,
  FieldsOnCorrectTypeRule,
  UniqueFragmentNamesRule,
  KnownFragmentNamesRule,
  NoUnusedFragmentsRule,
  PossibleFragmentSpreadsRule,
  NoFragmentCyclesRule,
  UniqueVariableNamesRule,
  NoUndefinedVariablesRule,
  NoUnusedVariablesRule,
  KnownDirectivesRule,
  UniqueDirectivesPerLocationRule,
  KnownArgumentNamesRule,
  UniqueArgumentNamesRule,
  ValuesOfCorrectTypeRule,
  ProvidedRequiredArgumentsRule,
  VariablesInAllowedPositionRule,
  OverlappingFieldsCanBeMergedRule,
  UniqueInputFieldNamesRule,
  MaxIntrospectionDepthRule,
];

/**
 * Whether the installed graphql-js is the one the native rules reproduce: 16.15 with this exact
 * rule list (messages and budgets change between minor versions; another version is validated by
 * graphql-js's own rules).
 */
const NATIVE =
  versionInfo.major === 16 &&
  versionInfo.minor === 15 &&
  specifiedRules.length === RULES.length &&
  specifiedRules.every((rule, i) => rule === RULES[i]);

const ALL: ReadonlyArray<boolean> = RULES.map(() => true);

/**
 * Which specified rules a rule list switches on, when the list is specified rules in
 * specifiedRules order (each at most once, so their errors interleave as graphql-js's would);
 * undefined for any other list.
 */
export function specifiedRuleSet(rules: unknown): ReadonlyArray<boolean> | undefined {
  if (!NATIVE) return undefined;
  if (rules === specifiedRules) return ALL;
  if (!Array.isArray(rules)) return undefined;
  const on = RULES.map(() => false);
  let last = -1;
  for (const rule of rules as unknown[]) {
    const index = RULES.indexOf(rule as ValidationRule);
    if (index <= last) return undefined;
    on[index] = true;
    last = index;
  }
  return on;
}
