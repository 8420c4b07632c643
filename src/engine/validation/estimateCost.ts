import {
  getNamedType,
  getNullableType,
  isCompositeType,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  typeFromAST,
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** Arguments read as the size of a list field whose schema declares none, in this order. */
const SIZE_ARGUMENTS: ReadonlyArray<string> = ['first', 'last', 'limit'];
/** Assumed size of a list whose size is neither given nor declared. */
export const DEFAULT_LIST_SIZE = 10;
/** Estimates saturate here instead of overflowing to Infinity (2^53 - 1). */
export const MAX_COST_ESTIMATE = Number.MAX_SAFE_INTEGER;

/**
 * How a schema declares the size of a list (`extensions.sluice.listSize` on a field), after the
 * GraphQL Cost Directive specification's `@listSize`.
 */
export interface ListSizeExtension {
  /** Size of the list when no slicing argument is given and none has a default value. */
  readonly assumedSize?: number;
  /** Arguments that bound the list; the first one given is its size. */
  readonly slicingArguments?: ReadonlyArray<string>;
  /**
   * For a field returning an object (a connection): the child fields the size applies to
   * (e.g. `['nodes', 'edges']`) instead of the field itself.
   */
  readonly sizedFields?: ReadonlyArray<string>;
}

/** The estimate of one operation: a constant, or a function of the request's variables. */
export type CostEstimate = number | ((variables: Readonly<Record<string, unknown>>) => number);

export interface OperationCost {
  readonly cost: CostEstimate;
  /**
   * Selections compiled: what the operation reaches, each fragment counted once. What is kept
   * for an operation (these figures, its plan) grows with it.
   */
  readonly selections: number;
}

/*
 * The estimate is compiled into figures. A figure is a number when it does not depend on the
 * variables; otherwise a sum of a constant and terms: nested sums, products (a list's size times
 * its items' figure) and slots (a fragment's figure, evaluated once per request). Fragments are
 * compiled once each, so figures are linear in the document's size, and so is their evaluation.
 */
const SUM = 0;
const PRODUCT = 1;
const SLOT = 2;

type Figure = number | Sum | Product | Slot;
interface Sum {
  readonly kind: typeof SUM;
  readonly fixed: number;
  readonly terms: ReadonlyArray<Exclude<Figure, number>>;
}
interface Product {
  readonly kind: typeof PRODUCT;
  readonly size: VariableSize;
  readonly items: Figure;
}
interface Slot {
  readonly kind: typeof SLOT;
  readonly index: number;
}

/** A list size read from the variables: the first read that is a size, else `otherwise`. */
interface VariableSize {
  readonly reads: ReadonlyArray<{ readonly name: string; readonly fallback: unknown }>;
  readonly otherwise: number;
}
type Size = number | VariableSize;

/** A selection's figures: `sized` is what a connection's size multiplies (its sized fields). */
interface Figures {
  readonly plain: Figure;
  readonly sized: Figure;
}

const NOTHING: Figures = { plain: 0, sized: 0 };
/** Marks a fragment being compiled: a spread of it met meanwhile is a cycle. */
const IN_PROGRESS: Figures = { plain: 0, sized: 0 };

const add = (a: number, b: number): number => Math.min(MAX_COST_ESTIMATE, a + b);
const multiply = (a: number, b: number): number => Math.min(MAX_COST_ESTIMATE, a * b);
const asSize = (value: unknown): number | undefined =>
  typeof value === 'number' && value === value
    ? Math.min(MAX_COST_ESTIMATE, Math.max(0, value))
    : undefined;

const HOISTED_TERMS = 4;

class SumBuilder {
  fixed = 0;
  readonly terms: Array<Exclude<Figure, number>> = [];

  add(figure: Figure): void {
    if (typeof figure === 'number') {
      this.fixed = add(this.fixed, figure);
    } else if (figure.kind === SUM && figure.terms.length <= HOISTED_TERMS) {
      // A small sum is merged into this one, so evaluation has fewer levels to go through. Each
      // merge copies at most HOISTED_TERMS terms, so compiling stays linear.
      this.fixed = add(this.fixed, figure.fixed);
      for (const term of figure.terms) this.terms.push(term);
    } else {
      this.terms.push(figure);
    }
  }

  figure(): Figure {
    if (this.terms.length === 0) return this.fixed;
    if (this.terms.length === 1 && this.fixed === 0) return this.terms[0]!;
    return { kind: SUM, fixed: this.fixed, terms: this.terms };
  }
}

function product(size: Size, items: Figure): Figure {
  if (typeof size !== 'number') return { kind: PRODUCT, size, items };
  if (typeof items === 'number') return multiply(size, items);
  return size === 0 ? 0 : { kind: PRODUCT, size: { reads: [], otherwise: size }, items };
}

/**
 * Estimates what an operation costs to run, before running it: every field costs 1, and the
 * selections under a list count once per expected item. A list's expected size is the first of
 * its slicing arguments given (a literal, or a variable's value read per request, or the
 * variable's default value), else the first of them with a schema default value, else the
 * schema's `assumedSize`, else DEFAULT_LIST_SIZE. Slicing arguments are declared by
 * `extensions.sluice.listSize` (ListSizeExtension), else `first`, `last` and `limit`. With
 * `sizedFields` the size multiplies those child fields' selections rather than the field's.
 *
 * Compiling and evaluating are both linear in the document's size: each fragment is compiled
 * once (per set of sized fields it is spread under) and evaluated once per request. The cost is
 * a number when no variable is read.
 */
export function estimateCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
): OperationCost {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const variableDefaults = new Map<string, unknown>();
  for (const definition of operation.variableDefinitions ?? []) {
    const value = definition.defaultValue;
    if (value?.kind === Kind.INT || value?.kind === Kind.FLOAT)
      variableDefaults.set(definition.variable.name.value, Number(value.value));
  }
  const compiled = new Map<string, Map<ReadonlyArray<string> | undefined, Figures>>();
  /** Figures of fragments that read variables, in an order where a slot only refers to earlier ones. */
  const slots: Figure[] = [];
  let selections = 0;

  // `__schema` and `__type` are not among a type's fields: they cost 1 each, their selections
  // nothing. What introspection can select is bounded by the schema, and its nesting by
  // graphql-js's MaxIntrospectionDepthRule; GraphiQL's query would cost about 50,000 otherwise.
  const fieldDefOf = (
    parent: GraphQLCompositeType,
    name: string,
  ): GraphQLField<unknown, unknown> | undefined =>
    isObjectType(parent) || isInterfaceType(parent) ? parent.getFields()[name] : undefined;

  function slotted(figure: Figure): Figure {
    if (typeof figure === 'number') return figure;
    slots.push(figure);
    return { kind: SLOT, index: slots.length - 1 };
  }

  function fragmentFigures(name: string, sizedFields: ReadonlyArray<string> | undefined): Figures {
    const fragment = fragments.get(name);
    if (!fragment) return NOTHING;
    let byContext = compiled.get(name);
    if (!byContext) compiled.set(name, (byContext = new Map()));
    const known = byContext.get(sizedFields);
    if (known) return known; // IN_PROGRESS for a cycle: validation refuses those
    byContext.set(sizedFields, IN_PROGRESS);
    const type = typeFromAST(schema, fragment.typeCondition);
    const figures = isCompositeType(type)
      ? selectionSetFigures(type, fragment.selectionSet, sizedFields)
      : NOTHING;
    const result: Figures = { plain: slotted(figures.plain), sized: slotted(figures.sized) };
    byContext.set(sizedFields, result);
    return result;
  }

  function selectionSetFigures(
    parent: GraphQLCompositeType,
    selectionSet: SelectionSetNode,
    sizedFields: ReadonlyArray<string> | undefined,
  ): Figures {
    const plain = new SumBuilder();
    const sized = new SumBuilder();
    selections += selectionSet.selections.length;
    for (const selection of selectionSet.selections) {
      let inner: Figures;
      if (selection.kind === Kind.FIELD) {
        if (isIntrospection(selection)) {
          // Without aliases, what introspection writes is bounded by the schema (fields of the
          // same name merge). An alias repeats a whole subtree: under `__schema` or `__type`
          // aliases multiply each other (100 of them wrote 300 MB), so such a selection is
          // charged as unbounded; an alias on `__type` itself (several types by name) repeats
          // one type's subtree, and on `__schema` the whole schema, which is charged too.
          const aliased =
            (selection.alias !== undefined && selection.name.value === '__schema') ||
            (selection.selectionSet !== undefined && holdsAlias(selection.selectionSet));
          plain.add(aliased ? MAX_COST_ESTIMATE : 1);
          continue;
        }
        if (sizedFields?.includes(selection.name.value)) {
          plain.add(1);
          sized.add(childrenFigure(fieldDefOf(parent, selection.name.value), selection));
        } else {
          plain.add(fieldFigure(fieldDefOf(parent, selection.name.value), selection));
        }
        continue;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition && typeFromAST(schema, selection.typeCondition);
        inner = selectionSetFigures(
          isCompositeType(type) ? type : parent,
          selection.selectionSet,
          sizedFields,
        );
      } else {
        inner = fragmentFigures(selection.name.value, sizedFields);
      }
      plain.add(inner.plain);
      sized.add(inner.sized);
    }
    return { plain: plain.figure(), sized: sized.figure() };
  }

  /** The figure of a field's selections, once (not multiplied by any list size). */
  function childrenFigure(
    fieldDef: GraphQLField<unknown, unknown> | undefined,
    node: FieldNode,
  ): Figure {
    if (!fieldDef || !node.selectionSet) return 0;
    const named = getNamedType(fieldDef.type);
    return isCompositeType(named)
      ? selectionSetFigures(named, node.selectionSet, undefined).plain
      : 0;
  }

  function fieldFigure(
    fieldDef: GraphQLField<unknown, unknown> | undefined,
    node: FieldNode,
  ): Figure {
    if (!fieldDef || !node.selectionSet) return 1;
    const named = getNamedType(fieldDef.type);
    if (!isCompositeType(named)) return 1;
    const listSize = listSizeOf(fieldDef);
    const total = new SumBuilder();
    total.add(1);
    if (listSize?.sizedFields !== undefined && listSize.sizedFields.length > 0) {
      const figures = selectionSetFigures(named, node.selectionSet, listSize.sizedFields);
      total.add(figures.plain);
      total.add(product(sizeOf(fieldDef, node, listSize), figures.sized));
    } else {
      const children = selectionSetFigures(named, node.selectionSet, undefined).plain;
      total.add(
        isListType(getNullableType(fieldDef.type))
          ? product(sizeOf(fieldDef, node, listSize), children)
          : children,
      );
    }
    return total.figure();
  }

  function sizeOf(
    fieldDef: GraphQLField<unknown, unknown>,
    node: FieldNode,
    listSize: ListSizeExtension | undefined,
  ): Size {
    const names = listSize?.slicingArguments ?? SIZE_ARGUMENTS;
    const reads: Array<{ name: string; fallback: unknown }> = [];
    let otherwise: number | undefined;
    for (const name of names) {
      const value = node.arguments?.find((argument) => argument.name.value === name)?.value;
      if (value?.kind === Kind.VARIABLE) {
        const variable = value.name.value;
        reads.push({ name: variable, fallback: variableDefaults.get(variable) });
      } else if (value?.kind === Kind.INT || value?.kind === Kind.FLOAT) {
        otherwise = asSize(Number(value.value));
        break;
      }
    }
    otherwise ??= declaredSize(fieldDef, names, listSize);
    return reads.length === 0 ? otherwise : { reads, otherwise };
  }

  const aliasedFragments = new Map<string, boolean>();
  const isIntrospection = (node: FieldNode) =>
    node.name.value === '__schema' || node.name.value === '__type';
  /** Whether a field of the set or below it is aliased (fragments expanded, each walked once). */
  function holdsAlias(selectionSet: SelectionSetNode): boolean {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.alias !== undefined) return true;
        if (selection.selectionSet !== undefined && holdsAlias(selection.selectionSet)) return true;
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        if (holdsAlias(selection.selectionSet)) return true;
      } else {
        const name = selection.name.value;
        let known = aliasedFragments.get(name);
        if (known === undefined) {
          aliasedFragments.set(name, false); // a cycle: validation refuses those
          const fragment = fragments.get(name);
          known = fragment !== undefined && holdsAlias(fragment.selectionSet);
          aliasedFragments.set(name, known);
        }
        if (known) return true;
      }
    }
    return false;
  }

  const rootType = schema.getRootType(operation.operation);
  if (!rootType) return { cost: 0, selections: 0 };
  const root = selectionSetFigures(rootType, operation.selectionSet, undefined).plain;
  return { cost: typeof root === 'number' ? root : evaluator(root, slots), selections };
}

/** The estimate as a function of the variables; it keeps the figures and nothing of compiling. */
function evaluator(root: Figure, figures: ReadonlyArray<Figure>): CostEstimate {
  // Evaluation is synchronous and not re-entrant: one array of slot values serves every request.
  const values = new Float64Array(figures.length);
  return (variables) => {
    for (let i = 0; i < figures.length; i++) values[i] = evaluate(figures[i]!, variables, values);
    return evaluate(root, variables, values);
  };
}

function listSizeOf(fieldDef: GraphQLField<unknown, unknown>): ListSizeExtension | undefined {
  const sluice = (fieldDef.extensions as { sluice?: { listSize?: ListSizeExtension } } | undefined)
    ?.sluice;
  return sluice?.listSize;
}

/** The size of a list whose slicing arguments are not given: a default value, or assumed. */
function declaredSize(
  fieldDef: GraphQLField<unknown, unknown>,
  names: ReadonlyArray<string>,
  listSize: ListSizeExtension | undefined,
): number {
  for (const name of names) {
    const size = asSize(fieldDef.args.find((arg) => arg.name === name)?.defaultValue);
    if (size !== undefined) return size;
  }
  return asSize(listSize?.assumedSize) ?? DEFAULT_LIST_SIZE;
}

function evaluate(
  figure: Figure,
  variables: Readonly<Record<string, unknown>>,
  slots: Float64Array,
): number {
  if (typeof figure === 'number') return figure;
  if (figure.kind === SLOT) return slots[figure.index]!;
  if (figure.kind === PRODUCT)
    return multiply(readSize(figure.size, variables), evaluate(figure.items, variables, slots));
  const terms = figure.terms;
  let total = figure.fixed;
  for (let i = 0; i < terms.length; i++) total = add(total, evaluate(terms[i]!, variables, slots));
  return total;
}

function readSize(size: VariableSize, variables: Readonly<Record<string, unknown>>): number {
  const reads = size.reads;
  for (let i = 0; i < reads.length; i++) {
    const read = reads[i]!;
    const given = variables[read.name];
    const value = asSize(given === undefined ? read.fallback : given);
    if (value !== undefined) return value;
  }
  return size.otherwise;
}
