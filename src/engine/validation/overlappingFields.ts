import {
  GraphQLError,
  Kind,
  typeFromAST,
  type ArgumentNode,
  type ASTNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLCompositeType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
  type GraphQLType,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import {
  isInterface,
  isLeaf,
  isList,
  isNonNull,
  isObject,
  namedTypeOf,
} from '../schema/typeGuards.js';
import { argumentValueKey } from './argumentValueKey.js';
import { validationAborted } from './documentFragments.js';

const MAX_CONFLICT_DETAIL_LENGTH = 1000;
const MAX_CONFLICT_NODES = 20;
/** graphql-js 16.15's complexity budget for this rule, per validation. */
const MAX_COMPLEXITY_BUDGET = 500_000;

type Field = GraphQLField<unknown, unknown>;
type Parent = GraphQLNamedType | undefined;

interface ArgumentInfo {
  readonly nodes: ReadonlyArray<ArgumentNode>;
  readonly values: Map<string, ValueNode>;
}

interface FieldInfo {
  readonly comparisons: Map<FieldInfo, string | null>;
  readonly namedType: GraphQLNamedType | undefined;
  readonly arguments: ArgumentInfo | undefined;
  typeString: string | undefined;
}

interface FieldDetails {
  readonly parentType: Parent;
  readonly node: FieldNode;
  readonly definition: Field | undefined;
  /** No arguments and no selection: two of one name and one field type never conflict. */
  readonly simpleLeaf: boolean;
  info: FieldInfo | undefined;
}

/** The fields of one response name in a collected set. */
type Group = FieldDetails[];

interface Collected {
  readonly groupedFieldSet: Map<string, Group>;
  readonly fragmentNames: string[];
  comparedFragments: Map<string, boolean> | undefined;
  overlappingFields: Map<Collected, Overlap[]> | undefined;
}

interface Overlap {
  readonly responseName: string;
  readonly fields1: Group;
  readonly fields2: Group;
}

interface Conflict {
  readonly responseName: string;
  readonly reason: string;
  readonly fields1: FieldNode[];
  readonly fields2: FieldNode[];
}

/**
 * OverlappingFieldsCanBeMergedRule of graphql-js 16.15: the spec's field-merging algorithm with
 * the same comparisons in the same order, so the same conflicts and messages, the same memoising
 * (collected fields per parent type and selection set, fragment pairs, fields against a
 * fragment, argument values) and the same complexity budget, spent by the same amounts — so a
 * document that exhausts it is aborted as there. One thing is not done pair by pair: two simple
 * leaves of one name and one type (`{ a a a … }`) can never conflict, and graphql-js compares
 * each such pair only to spend its budget; here the budget for a group is spent at once and only
 * the pairs that can conflict are compared, so the work is that of the document plus the
 * conflicts, not the square of a response name's repetitions (`comparisons` counts them).
 */
export class OverlappingFields {
  /** Field pairs compared (graphql-js's findConflict calls that were not skipped). */
  comparisons = 0;
  private budget = MAX_COMPLEXITY_BUDGET;
  private readonly comparedFragmentPairs = new Map<string, Map<string, boolean>>();
  private readonly collected = new Map<Parent, Map<SelectionSetNode, Collected>>();
  private readonly stringified = new Map<ValueNode, string>();
  /** Per group of more than one field: where each field's run of equal leaves ends. */
  private readonly runs = new Map<Group, Int32Array>();

  constructor(
    private readonly schema: GraphQLSchema,
    private readonly getFragment: (name: string) => FragmentDefinitionNode | undefined,
    private readonly report: (error: GraphQLError) => void,
  ) {}

  /** The rule's SelectionSet handler: `parentType` is TypeInfo's parent type there. */
  selectionSet(
    selectionSet: SelectionSetNode,
    parent: ASTNode,
    parentType: GraphQLCompositeType | undefined,
  ): void {
    if (parent.kind === Kind.INLINE_FRAGMENT) return;
    const selections = selectionSet.selections;
    if (selections.length <= 1 && selections[0]?.kind !== Kind.INLINE_FRAGMENT) return;
    // Fields alone, each response name once: nothing to compare or spend here; a comparison of
    // a field above that needs these fields collects them then (the same collection).
    if (distinctFieldsOnly(selectionSet)) return;
    const conflicts = this.findConflictsWithinSelectionSet(parentType, selectionSet);
    for (const { responseName, reason, fields1, fields2 } of conflicts) {
      this.report(
        new GraphQLError(
          `Fields "${maybeAbbreviate(responseName)}" conflict because ${reason}. Use different aliases on the fields to fetch both if this was intentional.`,
          { nodes: fields1.concat(fields2) },
        ),
      );
    }
  }

  private spend(cost: number): void {
    this.budget -= cost;
    if (this.budget < 0) throw validationAborted;
  }

  private findConflictsWithinSelectionSet(
    parentType: Parent,
    selectionSet: SelectionSetNode,
  ): Conflict[] {
    const conflicts: Conflict[] = [];
    const collected = this.collectFields(parentType, selectionSet);
    // (A) conflicts within the fields of this selection set
    for (const [responseName, group] of collected.groupedFieldSet) {
      if (group.length > 1) this.conflictsWithin(conflicts, responseName, group);
    }
    const names = collected.fragmentNames;
    if (names.length !== 0 && (collected.groupedFieldSet.size !== 0 || names.length > 1)) {
      for (let i = 0; i < names.length; i++) {
        // (B) the fields against each fragment spread, (C) each fragment against the others
        this.betweenFieldsAndFragment(conflicts, false, collected, names[i]!);
        for (let j = i + 1; j < names.length; j++) {
          this.betweenFragments(conflicts, false, names[i]!, names[j]!);
        }
      }
    }
    return conflicts;
  }

  private betweenFieldsAndFragment(
    conflicts: Conflict[],
    exclusive: boolean,
    collected: Collected,
    fragmentName: string,
  ): void {
    this.spend(1);
    if (collected.groupedFieldSet.size === 0) return;
    const comparedFragments = (collected.comparedFragments ??= new Map());
    const compared = comparedFragments.get(fragmentName);
    // Only a non-exclusive comparison can be reused for overlapping parents.
    if (compared === false || (exclusive && compared === true)) return;
    comparedFragments.set(fragmentName, exclusive);
    const fragment = this.getFragment(fragmentName);
    if (!fragment) return;
    const collected2 = this.collectFragmentFields(fragment);
    if (collected === collected2) return;
    // (D) the fields against the fragment's, (E) against the fragments it spreads
    this.conflictsBetween(conflicts, exclusive, collected, collected2);
    for (const referenced of collected2.fragmentNames) {
      this.betweenFieldsAndFragment(conflicts, exclusive, collected, referenced);
    }
  }

  private betweenFragments(
    conflicts: Conflict[],
    exclusive: boolean,
    fragmentName1: string,
    fragmentName2: string,
  ): void {
    this.spend(2);
    if (fragmentName1 === fragmentName2) return;
    if (this.pairCompared(fragmentName1, fragmentName2, exclusive)) return;
    let pairs = this.comparedFragmentPairs.get(fragmentName1);
    if (pairs === undefined) this.comparedFragmentPairs.set(fragmentName1, (pairs = new Map()));
    pairs.set(fragmentName2, exclusive);
    const fragment1 = this.getFragment(fragmentName1);
    const fragment2 = this.getFragment(fragmentName2);
    if (!fragment1 || !fragment2) return;
    const collected1 = this.collectFragmentFields(fragment1);
    const collected2 = this.collectFragmentFields(fragment2);
    // (F) the two fragments' fields, (G) each against the fragments the other spreads
    this.conflictsBetween(conflicts, exclusive, collected1, collected2);
    for (const referenced2 of collected2.fragmentNames) {
      this.betweenFragments(conflicts, exclusive, fragmentName1, referenced2);
    }
    for (const referenced1 of collected1.fragmentNames) {
      this.betweenFragments(conflicts, exclusive, referenced1, fragmentName2);
    }
  }

  /** graphql-js's PairSet.has: either order; an exclusive question is answered by either flag. */
  private pairCompared(a: string, b: string, exclusive: boolean): boolean {
    const ab = this.comparedFragmentPairs.get(a)?.get(b);
    if (ab !== undefined && (exclusive || ab === exclusive)) return true;
    const ba = this.comparedFragmentPairs.get(b)?.get(a);
    return ba !== undefined && (exclusive || ba === exclusive);
  }

  private findConflictsBetweenSubSelectionSets(
    exclusive: boolean,
    parentType1: Parent,
    selectionSet1: SelectionSetNode,
    parentType2: Parent,
    selectionSet2: SelectionSetNode,
  ): Conflict[] {
    const conflicts: Conflict[] = [];
    const collected1 = this.collectFields(parentType1, selectionSet1);
    const collected2 = this.collectFields(parentType2, selectionSet2);
    // (H) the two sets of fields, (I) each against the other's fragments, (J) fragment pairs
    this.conflictsBetween(conflicts, exclusive, collected1, collected2);
    for (const name2 of collected2.fragmentNames) {
      this.betweenFieldsAndFragment(conflicts, exclusive, collected1, name2);
    }
    for (const name1 of collected1.fragmentNames) {
      this.betweenFieldsAndFragment(conflicts, exclusive, collected2, name1);
    }
    for (const name1 of collected1.fragmentNames) {
      for (const name2 of collected2.fragmentNames) {
        this.betweenFragments(conflicts, exclusive, name1, name2);
      }
    }
    return conflicts;
  }

  /** Every pair of one group's fields; pairs of equal leaves are paid for, not compared. */
  private conflictsWithin(conflicts: Conflict[], responseName: string, fields: Group): void {
    const n = fields.length;
    this.spend(n * (n - 1));
    const runEnd = this.runsOf(fields);
    for (let i = 0; i < n; i++) {
      const field1 = fields[i]!;
      for (let j = i + 1; j < n;) {
        const field2 = fields[j]!;
        if (equalLeaves(field1, field2)) {
          // The rest of field2's run is equal to it, so to field1.
          j = runEnd[j]!;
          continue;
        }
        const conflict = this.findConflict(false, responseName, field1, field2);
        if (conflict) conflicts.push(conflict);
        j++;
      }
    }
  }

  private conflictsBetween(
    conflicts: Conflict[],
    exclusive: boolean,
    collected1: Collected,
    collected2: Collected,
  ): void {
    if (collected1.groupedFieldSet.size === 0 || collected2.groupedFieldSet.size === 0) return;
    for (const { responseName, fields1, fields2 } of this.overlapping(collected1, collected2)) {
      const n2 = fields2.length;
      this.spend(2 * fields1.length * n2);
      const runEnd = n2 > 1 ? this.runsOf(fields2) : undefined;
      for (const field1 of fields1) {
        for (let j = 0; j < n2;) {
          const field2 = fields2[j]!;
          if (equalLeaves(field1, field2)) {
            j = runEnd === undefined ? j + 1 : runEnd[j]!;
            continue;
          }
          const conflict = this.findConflict(exclusive, responseName, field1, field2);
          if (conflict) conflicts.push(conflict);
          j++;
        }
      }
    }
  }

  private overlapping(collected1: Collected, collected2: Collected): Overlap[] {
    const byCollected = (collected1.overlappingFields ??= new Map());
    const cached = byCollected.get(collected2);
    if (cached !== undefined) return cached;
    const overlapping: Overlap[] = [];
    for (const [responseName, fields1] of collected1.groupedFieldSet) {
      this.spend(1);
      const fields2 = collected2.groupedFieldSet.get(responseName);
      if (fields2 !== undefined) overlapping.push({ responseName, fields1, fields2 });
    }
    byCollected.set(collected2, overlapping);
    return overlapping;
  }

  /**
   * graphql-js's findConflict for a pair that is not two leaves of one class, its budget paid by
   * the caller.
   */
  private findConflict(
    parentFieldsAreMutuallyExclusive: boolean,
    responseName: string,
    details1: FieldDetails,
    details2: FieldDetails,
  ): Conflict | undefined {
    this.comparisons++;
    const { parentType: parentType1, node: node1, definition: def1 } = details1;
    const { parentType: parentType2, node: node2, definition: def2 } = details2;
    const exclusive =
      parentFieldsAreMutuallyExclusive ||
      (parentType1 !== parentType2 && isObject(parentType1) && isObject(parentType2));
    if (!exclusive) {
      const info1 = fieldInfo(details1);
      const info2 = fieldInfo(details2);
      let reason = info1.comparisons.get(info2);
      if (reason === undefined) {
        const name1 = node1.name.value;
        const name2 = node2.name.value;
        reason =
          name1 !== name2
            ? `"${maybeAbbreviate(name1)}" and "${maybeAbbreviate(name2)}" are different fields`
            : this.sameArguments(info1.arguments, info2.arguments)
              ? null
              : 'they have differing arguments';
        info1.comparisons.set(info2, reason);
      }
      if (reason !== null) return { responseName, reason, fields1: [node1], fields2: [node2] };
    }
    const type1 = def1?.type;
    const type2 = def2?.type;
    if (type1 && type2 && this.doTypesConflict(type1, type2)) {
      const info1 = fieldInfo(details1);
      const info2 = fieldInfo(details2);
      const type1String = (info1.typeString ??= String(type1));
      const type2String = (info2.typeString ??= String(type2));
      return {
        responseName,
        reason: `they return conflicting types "${type1String}" and "${type2String}"`,
        fields1: [node1],
        fields2: [node2],
      };
    }
    const selectionSet1 = node1.selectionSet;
    const selectionSet2 = node2.selectionSet;
    if (selectionSet1 && selectionSet2) {
      const conflicts = this.findConflictsBetweenSubSelectionSets(
        exclusive,
        fieldInfo(details1).namedType,
        selectionSet1,
        fieldInfo(details2).namedType,
        selectionSet2,
      );
      return subfieldConflicts(conflicts, responseName, node1, node2);
    }
    return undefined;
  }

  private sameArguments(args1: ArgumentInfo | undefined, args2: ArgumentInfo | undefined): boolean {
    if (args1 === undefined) return args2 === undefined;
    if (args1.nodes.length !== args2?.nodes.length) return false;
    const values2 = args2.values;
    return args1.nodes.every((arg1) => {
      this.spend(1);
      const value2 = values2.get(arg1.name.value);
      if (value2 === undefined) return false;
      return this.stringifyValue(arg1.value) === this.stringifyValue(value2);
    });
  }

  private stringifyValue(value: ValueNode): string {
    let result = this.stringified.get(value);
    if (result === undefined) {
      result = argumentValueKey(value);
      this.stringified.set(value, result);
    }
    return result;
  }

  /** Two types conflict if both could not apply to a value at once. */
  private doTypesConflict(type1: GraphQLOutputType, type2: GraphQLOutputType): boolean {
    if (type1 === type2) return false;
    this.spend(1);
    if (isList(type1)) {
      return isList(type2) ? this.doTypesConflict(type1.ofType, type2.ofType) : true;
    }
    if (isList(type2)) return true;
    if (isNonNull(type1)) {
      return isNonNull(type2) ? this.doTypesConflict(type1.ofType, type2.ofType) : true;
    }
    if (isNonNull(type2)) return true;
    if (isLeaf(type1) || isLeaf(type2)) return type1 !== type2;
    return false;
  }

  /** The fields of a selection set by response name, and the fragments it spreads; cached. */
  private collectFields(parentType: Parent, selectionSet: SelectionSetNode): Collected {
    let bySelectionSet = this.collected.get(parentType);
    if (bySelectionSet === undefined) {
      bySelectionSet = new Map();
      this.collected.set(parentType, bySelectionSet);
    }
    let result = bySelectionSet.get(selectionSet);
    if (result === undefined) {
      const groupedFieldSet = new Map<string, Group>();
      const fragmentNames = new Set<string>();
      this.collectFieldsImpl(parentType, selectionSet, groupedFieldSet, fragmentNames);
      result = {
        groupedFieldSet,
        fragmentNames: [...fragmentNames],
        comparedFragments: undefined,
        overlappingFields: undefined,
      };
      bySelectionSet.set(selectionSet, result);
    }
    return result;
  }

  private collectFragmentFields(fragment: FragmentDefinitionNode): Collected {
    return this.collectFields(
      typeFromAST(this.schema, fragment.typeCondition),
      fragment.selectionSet,
    );
  }

  private collectFieldsImpl(
    parentType: Parent,
    selectionSet: SelectionSetNode,
    groupedFieldSet: Map<string, Group>,
    fragmentNames: Set<string>,
  ): void {
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        const fieldName = selection.name.value;
        let definition: Field | undefined;
        if (isObject(parentType) || isInterface(parentType)) {
          definition = parentType.getFields()[fieldName];
        }
        const responseName = selection.alias ? selection.alias.value : fieldName;
        const details: FieldDetails = {
          parentType,
          node: selection,
          definition,
          simpleLeaf: (selection.arguments?.length ?? 0) === 0 && !selection.selectionSet,
          info: undefined,
        };
        const group = groupedFieldSet.get(responseName);
        if (group === undefined) groupedFieldSet.set(responseName, [details]);
        else group.push(details);
      } else if (selection.kind === Kind.FRAGMENT_SPREAD) {
        fragmentNames.add(selection.name.value);
      } else {
        const typeCondition = selection.typeCondition;
        this.collectFieldsImpl(
          typeCondition ? typeFromAST(this.schema, typeCondition) : parentType,
          selection.selectionSet,
          groupedFieldSet,
          fragmentNames,
        );
      }
    }
  }

  /** For each field of a group, the first index after it where its run of equal leaves ends. */
  private runsOf(fields: Group): Int32Array {
    let runEnd = this.runs.get(fields);
    if (runEnd === undefined) {
      const n = fields.length;
      runEnd = new Int32Array(n);
      let end = n;
      for (let k = n - 1; k >= 0; k--) {
        if (k + 1 < n && !equalLeaves(fields[k]!, fields[k + 1]!)) end = k + 1;
        runEnd[k] = end;
      }
      this.runs.set(fields, runEnd);
    }
    return runEnd;
  }
}

/** Whether a selection set holds only fields (no fragments), no two of one response name. */
function distinctFieldsOnly(selectionSet: SelectionSetNode): boolean {
  const selections = selectionSet.selections;
  const n = selections.length;
  if (n <= 16) {
    for (let i = 0; i < n; i++) {
      const a = selections[i]!;
      if (a.kind !== Kind.FIELD) return false;
      const name = a.alias ? a.alias.value : a.name.value;
      for (let j = 0; j < i; j++) {
        const b = selections[j] as FieldNode;
        if ((b.alias ? b.alias.value : b.name.value) === name) return false;
      }
    }
    return true;
  }
  const names = new Set<string>();
  for (const selection of selections) {
    if (selection.kind !== Kind.FIELD) return false;
    const name = selection.alias ? selection.alias.value : selection.name.value;
    if (names.has(name)) return false;
    names.add(name);
  }
  return true;
}

/**
 * Two simple leaves of one name and one field type: graphql-js's findConflict returns at once for
 * them, and the relation is an equivalence, so a run of such leaves is skipped whole.
 */
function equalLeaves(a: FieldDetails, b: FieldDetails): boolean {
  return (
    a.simpleLeaf &&
    b.simpleLeaf &&
    a.definition?.type === b.definition?.type &&
    a.node.name.value === b.node.name.value
  );
}

function fieldInfo(details: FieldDetails): FieldInfo {
  return (details.info ??= {
    comparisons: new Map(),
    namedType: namedTypeOf(details.definition?.type as GraphQLType | undefined),
    arguments: argumentInfo(details.node.arguments),
    typeString: undefined,
  });
}

function argumentInfo(args: ReadonlyArray<ArgumentNode> | undefined): ArgumentInfo | undefined {
  if (args === undefined || args.length === 0) return undefined;
  const values = new Map<string, ValueNode>();
  for (const { name, value } of args) values.set(name.value, value);
  return { nodes: args, values };
}

/** One conflict for two fields whose sub-selections conflict, its reason and nodes bounded. */
function subfieldConflicts(
  conflicts: ReadonlyArray<Conflict>,
  responseName: string,
  node1: FieldNode,
  node2: FieldNode,
): Conflict | undefined {
  if (conflicts.length === 0) return undefined;
  let message = '';
  for (const { responseName: name, reason } of conflicts) {
    message +=
      (message === '' ? '' : ' and ') +
      `subfields "${maybeAbbreviate(name)}" conflict because ${reason}`;
    if (message.length > MAX_CONFLICT_DETAIL_LENGTH) break;
  }
  return {
    responseName,
    reason: maybeAbbreviate(message),
    fields1: conflictNodes(node1, conflicts, 'fields1'),
    fields2: conflictNodes(node2, conflicts, 'fields2'),
  };
}

function conflictNodes(
  node: FieldNode,
  conflicts: ReadonlyArray<Conflict>,
  side: 'fields1' | 'fields2',
): FieldNode[] {
  const nodes = [node];
  for (const conflict of conflicts) {
    const remaining = MAX_CONFLICT_NODES - nodes.length;
    // Take from the end, where the innermost fields are.
    nodes.push(...conflict[side].slice(-remaining));
    if (nodes.length === MAX_CONFLICT_NODES) break;
  }
  return nodes;
}

function maybeAbbreviate(text: string): string {
  return text.length > MAX_CONFLICT_DETAIL_LENGTH
    ? text.slice(0, MAX_CONFLICT_DETAIL_LENGTH) + '...'
    : text;
}
