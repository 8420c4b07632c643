import {
  GraphQLError,
  Kind,
  type ASTVisitor,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
  type ValidationContext,
  type ValidationRule,
} from 'graphql';
import { ErrorCode } from '../errors/ErrorCode.js';

/** What the limit rules measure of a selection set, with its fragments expanded. */
interface Measure {
  /** Deepest nesting of fields (a field at the top level has depth 1). */
  depth: number;
  aliases: number;
  directives: number;
}

/** Counts saturate here: a fragment bomb's expanded size would overflow to Infinity. */
const MAX_COUNT = Number.MAX_SAFE_INTEGER;
const sum = (a: number, b: number): number => Math.min(MAX_COUNT, a + b);

/** What the three limit rules share for one document: each fragment and operation measured once. */
interface DocumentMeasures {
  readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>;
  readonly memo: Map<string, Measure | 'visiting'>;
  readonly operations: WeakMap<OperationDefinitionNode, Measure>;
}

const measures = new WeakMap<DocumentNode, DocumentMeasures>();

/**
 * Measures a selection set as execution would see it, with fragment spreads expanded. Each
 * fragment is measured once and its figures reused wherever it is spread, so a document that
 * spreads fragments exponentially ("fragment bombs") is still measured in linear time, and the
 * totals reflect the expanded size. Cycles are refused by the specified rules; here they count 0.
 */
function measureSelectionSet(selectionSet: SelectionSetNode, shared: DocumentMeasures): Measure {
  const total: Measure = { depth: 0, aliases: 0, directives: 0 };
  for (const selection of selectionSet.selections) {
    total.directives = sum(total.directives, selection.directives?.length ?? 0);
    let inner: Measure;
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) total.aliases = sum(total.aliases, 1);
      const sub = selection.selectionSet
        ? measureSelectionSet(selection.selectionSet, shared)
        : { depth: 0, aliases: 0, directives: 0 };
      inner = { ...sub, depth: sub.depth + 1 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measureSelectionSet(selection.selectionSet, shared);
    } else {
      inner = measureFragment(selection.name.value, shared);
    }
    total.depth = Math.max(total.depth, inner.depth);
    total.aliases = sum(total.aliases, inner.aliases);
    total.directives = sum(total.directives, inner.directives);
  }
  return total;
}

function measureFragment(name: string, shared: DocumentMeasures): Measure {
  const known = shared.memo.get(name);
  if (known === 'visiting') return { depth: 0, aliases: 0, directives: 0 };
  if (known) return known;
  const fragment = shared.fragments.get(name);
  if (!fragment) return { depth: 0, aliases: 0, directives: 0 };
  shared.memo.set(name, 'visiting');
  const measured = measureSelectionSet(fragment.selectionSet, shared);
  measured.directives = sum(measured.directives, fragment.directives?.length ?? 0);
  shared.memo.set(name, measured);
  return measured;
}

/** Measures one operation, with its fragments expanded; once per document for all three rules. */
function measureOperation(context: ValidationContext, operation: OperationDefinitionNode): Measure {
  const document = context.getDocument();
  let shared = measures.get(document);
  if (!shared) {
    const fragments = new Map<string, FragmentDefinitionNode>();
    for (const definition of document.definitions) {
      if (definition.kind === Kind.FRAGMENT_DEFINITION)
        fragments.set(definition.name.value, definition);
    }
    shared = { fragments, memo: new Map(), operations: new WeakMap() };
    measures.set(document, shared);
  }
  const known = shared.operations.get(operation);
  if (known) return known;
  const measured = measureSelectionSet(operation.selectionSet, shared);
  measured.directives = sum(measured.directives, operation.directives?.length ?? 0);
  for (const definition of operation.variableDefinitions ?? []) {
    measured.directives = sum(measured.directives, definition.directives?.length ?? 0);
  }
  shared.operations.set(operation, measured);
  return measured;
}

function operationLimit(
  measure: keyof Measure,
  limit: number,
  code: string,
  describe: (count: number, limit: number) => string,
): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        const value = measureOperation(context, operation)[measure];
        if (value > limit) {
          context.reportError(
            new GraphQLError(describe(value, limit), { nodes: operation, extensions: { code } }),
          );
        }
        return false;
      },
    };
  };
}

/** Refuses operations whose selection sets nest deeper than `limit` fields. */
export const maxDepthRule = (limit: number): ValidationRule =>
  operationLimit(
    'depth',
    limit,
    ErrorCode.MAX_DEPTH_EXCEEDED,
    (depth, max) => `Query depth of ${depth} exceeds the maximum allowed depth of ${max}.`,
  );

/** Refuses operations with more than `limit` aliased fields (fragments counted where spread). */
export const maxAliasesRule = (limit: number): ValidationRule =>
  operationLimit(
    'aliases',
    limit,
    ErrorCode.MAX_ALIASES_EXCEEDED,
    (count, max) => `Query uses ${count} aliases, more than the maximum of ${max}.`,
  );

/** Refuses operations using more than `limit` directives (fragments counted where spread). */
export const maxDirectivesRule = (limit: number): ValidationRule =>
  operationLimit(
    'directives',
    limit,
    ErrorCode.MAX_DIRECTIVES_EXCEEDED,
    (count, max) => `Query uses ${count} directives, more than the maximum of ${max}.`,
  );

/** Refuses `__schema` and `__type` when introspection is switched off; `__typename` stays allowed. */
export const noIntrospectionRule: ValidationRule = (context) => ({
  Field(node) {
    const name = node.name.value;
    if (name === '__schema' || name === '__type') {
      context.reportError(
        new GraphQLError(`GraphQL introspection is not allowed, but the query contained ${name}.`, {
          nodes: node,
          extensions: { code: ErrorCode.INTROSPECTION_DISABLED },
        }),
      );
    }
  },
});
