import {
  specifiedRules,
  type DocumentNode,
  type GraphQLError,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { validateDocument } from './validateDocument.js';
import { validateWithRules } from './validateWithRules.js';

/**
 * The request entry's validation: the specified rules (natively, see validateDocument), then
 * the limits and the application's rules. The second pass walks only what its rules look at:
 * the limit rules measure an operation at its definition and skip the rest.
 */
export function validateRequest(
  schema: GraphQLSchema,
  document: DocumentNode,
  extraRules: ReadonlyArray<ValidationRule>,
  hideSuggestions: boolean,
): ReadonlyArray<GraphQLError> {
  const errors = validateDocument(schema, document, specifiedRules, { hideSuggestions });
  if (extraRules.length === 0) return errors;
  const extra = validateWithRules(schema, document, extraRules, { hideSuggestions });
  return extra.length === 0 ? errors : [...errors, ...extra];
}
