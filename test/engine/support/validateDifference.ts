import { validate, type DocumentNode, type GraphQLSchema, type ValidationRule } from 'graphql';
import { validateDocument } from '../../../src/engine/validation/validateDocument.js';

type Options = Parameters<typeof validate>[3];

/** What a validation gave, for comparing: each error's message and locations, or what it threw. */
function outcome(run: () => ReadonlyArray<{ message: string; locations?: unknown }>): string {
  try {
    return JSON.stringify(run().map((error) => [error.message, error.locations]));
  } catch (error) {
    return `throws ${error instanceof Error ? `${error.constructor.name}: ${error.message}` : String(error)}`;
  }
}

/**
 * How Sluice's validate differs from graphql-js's on the same arguments (undefined: it does
 * not), and whether graphql-js found the document valid.
 */
export function compareValidate(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules?: ReadonlyArray<ValidationRule>,
  options?: Options,
): { difference: string | undefined; valid: boolean } {
  const ours = outcome(() => validateDocument(schema, document, rules, options));
  const theirs = outcome(() => validate(schema, document, rules, options));
  return {
    difference: ours === theirs ? undefined : `sluice:     ${ours}\ngraphql-js: ${theirs}`,
    valid: theirs === '[]',
  };
}

/** How Sluice's validate differs from graphql-js's on the same arguments; undefined: it does not. */
export function validateDifference(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules?: ReadonlyArray<ValidationRule>,
  options?: Options,
): string | undefined {
  return compareValidate(schema, document, rules, options).difference;
}
