import {
  assertValidSchema,
  Kind,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type TypeInfo,
  type ValidationRule,
} from 'graphql';
import { specifiedRuleSet } from './specifiedRuleSet.js';
import { isPlainExecutableDocument, validateSpecified } from './validateSpecified.js';
import { validateWithRules } from './validateWithRules.js';

/**
 * graphql-js 16's `validate`, with the same arguments and the same answers: the same errors in
 * the same order, the same `maxErrors` and budget aborts, the same exceptions for invalid
 * arguments. Which implementation answers:
 *
 * - specified rules (all, or some in specifiedRules order) over operations and fragments:
 *   validateSpecified, one walk with the rules written for it and schema facts cached per schema;
 * - any other rule list, or a document with type definitions or fragment variables:
 *   graphql-js's rules through validateWithRules (a cheaper parallel visitor);
 * - a `typeInfo` (deprecated in graphql-js), or arguments that are not a schema, a document and
 *   a rule list: graphql-js's `validate` itself, so its assertions and errors are its own.
 *
 * If the native walk throws (a hand-made AST missing parts, a custom scalar's parseLiteral or a
 * subscription's `@skip` throwing), the document is validated again by validateWithRules, which
 * gives graphql-js's result or throws its exception.
 */
export function validateDocument(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules: ReadonlyArray<ValidationRule> = specifiedRules,
  options?: Parameters<typeof validate>[3],
  typeInfo?: TypeInfo,
): ReadonlyArray<GraphQLError> {
  if (
    typeInfo !== undefined ||
    !isDocument(document) ||
    !Array.isArray(rules) ||
    (options !== undefined && (typeof options !== 'object' || options === null))
  ) {
    return validate(schema, document, rules, options, typeInfo);
  }
  const on = specifiedRuleSet(rules);
  if (on === undefined || !isPlainExecutableDocument(document)) {
    return validateWithRules(schema, document, rules, options);
  }
  const maxErrors = options?.maxErrors ?? 100;
  const hideSuggestions = options?.hideSuggestions ?? false;
  assertValidSchema(schema);
  try {
    return validateSpecified(schema, document, on, maxErrors, hideSuggestions);
  } catch {
    return validateWithRules(schema, document, rules, options);
  }
}

function isDocument(document: unknown): boolean {
  return (
    typeof document === 'object' &&
    document !== null &&
    (document as { kind?: unknown }).kind === Kind.DOCUMENT
  );
}
