import {
  GraphQLError,
  Kind,
  type ASTVisitor,
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

/**
 * Measures a selection set as execution would see it, with fragment spreads expanded. Each
 * fragment is measured once and its figures reused wherever it is spread, so a document that
 * spreads fragments exponentially ("fragment bombs") is still measured in linear time, and the
 * totals reflect the expanded size. Cycles are refused by the specified rules; here they count 0.
 */
function measureSelectionSet(
  selectionSet: SelectionSetNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  memo: Map<string, Measure | 'visiting'>,
): Measure {
  const total: Measure = { depth: 0, aliases: 0, directives: 0 };
  for (const selection of selectionSet.selections) {
    total.directives += selection.directives?.length ?? 0;
    let inner: Measure | undefined;
    if (selection.kind === Kind.FIELD) {
      if (selection.alias) total.aliases++;
      const sub = selection.selectionSet
        ? measureSelectionSet(selection.selectionSet, fragments, memo)
        : { depth: 0, aliases: 0, directives: 0 };
      inner = { ...sub, depth: sub.depth + 1 };
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      inner = measureSelectionSet(selection.selectionSet, fragments, memo);
    } else {
      inner = measureFragment(selection.name.value, fragments, memo);
    }
    total.depth = Math.max(total.depth, inner.depth);
    total.aliases += inner.aliases;
    total.directives += inner.directives;
  }
  return total;
}

function measureFragment(
  name: string,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
  memo: Map<string, Measure | 'visiting'>,
): Measure {
  const known = memo.get(name);
  if (known === 'visiting') return { depth: 0, aliases: 0, directives: 0 };
  if (known) return known;
  const fragment = fragments.get(name);
  if (!fragment) return { depth: 0, aliases: 0, directives: 0 };
  memo.set(name, 'visiting');
  const measured = measureSelectionSet(fragment.selectionSet, fragments, memo);
  measured.directives += fragment.directives?.length ?? 0;
  memo.set(name, measured);
  return measured;
}

function fragmentsOf(context: ValidationContext): Map<string, FragmentDefinitionNode> {
  const map = new Map<string, FragmentDefinitionNode>();
  for (const definition of context.getDocument().definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) map.set(definition.name.value, definition);
  }
  return map;
}

/** Measures one operation, with its fragments expanded. */
function measureOperation(
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): Measure {
  const measured = measureSelectionSet(operation.selectionSet, fragments, new Map());
  measured.directives += operation.directives?.length ?? 0;
  for (const definition of operation.variableDefinitions ?? []) {
    measured.directives += definition.directives?.length ?? 0;
  }
  return measured;
}

function operationLimit(
  measure: keyof Measure,
  limit: number,
  code: string,
  describe: (count: number, limit: number) => string,
): ValidationRule {
  return (context: ValidationContext): ASTVisitor => {
    let fragments: Map<string, FragmentDefinitionNode> | undefined;
    return {
      OperationDefinition(operation: OperationDefinitionNode) {
        fragments ??= fragmentsOf(context);
        const value = measureOperation(operation, fragments)[measure];
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
