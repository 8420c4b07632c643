import {
  assertValidSchema,
  BREAK,
  GraphQLError,
  Kind,
  specifiedRules,
  TypeInfo,
  ValidationContext,
  visit,
  visitWithTypeInfo,
  type validate,
  type ASTNode,
  type ASTVisitor,
  type ASTVisitorKeyMap,
  type DocumentNode,
  type GraphQLSchema,
  type ValidationRule,
} from 'graphql';
import { QueryDocumentKeys } from 'graphql/language/ast.js';
import { isValidationAborted } from './validateSpecified.js';

type VisitFn = (this: unknown, ...args: [ASTNode, ...unknown[]]) => unknown;

/** What graphql-js's getEnterLeaveForKind answers for one visitor and one kind. */
interface KindHandlers {
  readonly enter?: VisitFn | undefined;
  readonly leave?: VisitFn | undefined;
}

/**
 * graphql-js 16's `validate`, step for step — the same rules over the same traversal, so the
 * same errors in the same order, the same `maxErrors` abort — with a cheaper way of running the
 * rules in parallel.
 *
 * graphql-js's `visitInParallel` asks every rule's visitor about every one of the ~40 AST kinds
 * up front: with the 27 specified rules, over a thousand megamorphic property lookups (mostly
 * misses) per validation, which is most of the cost of validating a small document and so of a
 * cold request. Here a kind's merged handlers are built the first time the traversal meets a node
 * of that kind, asking each visitor what graphql-js's getEnterLeaveForKind would: only the kinds
 * the document has are asked about (a getter on a visitor runs fewer times; nothing else differs).
 * validateDocument runs the specified rules natively; this runs any other rule list.
 */
export function validateWithRules(
  schema: GraphQLSchema,
  document: DocumentNode,
  rules: ReadonlyArray<ValidationRule> = specifiedRules,
  options: Parameters<typeof validate>[3] = {},
): ReadonlyArray<GraphQLError> {
  const maxErrors = options.maxErrors ?? 100;
  assertValidSchema(schema);
  const abort = Object.freeze({});
  const errors: GraphQLError[] = [];
  const typeInfo = new TypeInfo(schema);
  const context = new ValidationContext(
    schema,
    document,
    typeInfo,
    (error) => {
      if (errors.length >= maxErrors) {
        errors.push(
          new GraphQLError('Too many validation errors, error limit reached. Validation aborted.'),
        );
        throw abort;
      }
      errors.push(error);
    },
    options.hideSuggestions ?? false,
  );
  const visitor = visitInParallel(rules.map((rule) => rule(context)));
  try {
    visit(document, visitWithTypeInfo(typeInfo, visitor), KEYS_TO_VALIDATE);
  } catch (error) {
    // OverlappingFieldsCanBeMergedRule gives up on pathological documents by throwing graphql-js's
    // internal "Validation aborted." error, which validate reports as the last error.
    if (isValidationAborted(error)) errors.push(error);
    else if (error !== abort) throw error;
  }
  return errors;
}

/** graphql-js's validation keys: the document keys without descriptions ([spec: Descriptions](https://spec.graphql.org/October2021/#sec-Descriptions)). */
const KEYS_TO_VALIDATE: ASTVisitorKeyMap = Object.fromEntries(
  Object.entries(QueryDocumentKeys).map(([kind, keys]) => [
    kind,
    (keys as ReadonlyArray<string>).filter((key) => key !== 'description'),
  ]),
);

const KINDS: ReadonlyArray<string> = Object.values(Kind);

/**
 * graphql-js's visitInParallel: per kind, one `enter` and one `leave` that call the visitors in
 * order, where `false` skips a visitor for the node's subtree, BREAK stops it for good and any
 * other value is returned as an edit. Built per kind when `visit` first asks for the kind.
 */
function visitInParallel(visitors: ReadonlyArray<ASTVisitor>): ASTVisitor {
  const skipping: Array<ASTNode | typeof BREAK | null> = visitors.map(() => null);
  const built = new Map<string, KindHandlers | undefined>();
  const build = (kind: string): KindHandlers | undefined => {
    // graphql-js loops over every visitor; one with no handler for the kind does nothing there
    // (it cannot be skipping at a node of this kind: only an enter handler of it starts that).
    const members: number[] = [];
    const enters: Array<VisitFn | undefined> = [];
    const leaves: Array<VisitFn | undefined> = [];
    for (let i = 0; i < visitors.length; i++) {
      const { enter, leave } = handlersFor(visitors[i]!, kind);
      if (enter == null && leave == null) continue;
      members.push(i);
      enters.push(enter ?? undefined);
      leaves.push(leave ?? undefined);
    }
    if (members.length === 0) return undefined;
    return {
      enter(...args) {
        const node = args[0];
        for (let m = 0; m < members.length; m++) {
          const i = members[m]!;
          if (skipping[i] !== null) continue;
          const result = enters[m]?.apply(visitors[i], args);
          if (result === false) skipping[i] = node;
          else if (result === BREAK) skipping[i] = BREAK;
          else if (result !== undefined) return result;
        }
        // Every visitor skips this subtree or is done: skip it for all (graphql-js walks it with
        // nothing to call). Its leave will not come, so the skips it started end here.
        if (!skipping.includes(null)) {
          skipping.forEach((skip, i) => {
            if (skip === node) skipping[i] = null;
          });
          return false;
        }
        return undefined;
      },
      leave(...args) {
        const node = args[0];
        for (let m = 0; m < members.length; m++) {
          const i = members[m]!;
          if (skipping[i] === null) {
            const result = leaves[m]?.apply(visitors[i], args);
            if (result === BREAK) skipping[i] = BREAK;
            else if (result !== undefined && result !== false) return result;
          } else if (skipping[i] === node) {
            skipping[i] = null;
          }
        }
        return undefined;
      },
    };
  };
  const merged = Object.create(LAZY_KINDS) as LazyVisitor;
  merged[HANDLERS] = (kind) => {
    if (!built.has(kind)) built.set(kind, build(kind));
    return built.get(kind);
  };
  return merged as unknown as ASTVisitor;
}

/** graphql-js's getEnterLeaveForKind: what one visitor does on nodes of one kind. */
function handlersFor(visitor: ASTVisitor, kind: string): KindHandlers {
  const source = visitor as Record<string, unknown>;
  const kindVisitor = source[kind];
  if (typeof kindVisitor === 'object') return kindVisitor as KindHandlers;
  if (typeof kindVisitor === 'function') return { enter: kindVisitor as VisitFn };
  const enter = source['enter'] as VisitFn | undefined;
  const leave = source['leave'] as VisitFn | undefined;
  return enter === undefined && leave === undefined ? NO_HANDLERS : { enter, leave };
}

/** The common answer (a rule with nothing to do on a kind), shared rather than allocated. */
const NO_HANDLERS: KindHandlers = Object.freeze({});

const HANDLERS = Symbol('handlers');

interface LazyVisitor {
  [HANDLERS]: (kind: string) => KindHandlers | undefined;
}

/**
 * The prototype of every merged visitor: one getter per kind, made once, so that a validation
 * allocates one object for its merged visitor rather than forty accessors.
 */
const LAZY_KINDS: object = Object.create(null) as object;
for (const kind of KINDS) {
  Object.defineProperty(LAZY_KINDS, kind, {
    get(this: LazyVisitor) {
      return this[HANDLERS](kind);
    },
  });
}
