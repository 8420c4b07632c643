import type {
  FragmentDefinitionNode,
  GraphQLObjectType,
  GraphQLSchema,
  OperationDefinitionNode,
} from 'graphql';
import { getFieldSource } from '../source/DataSource.js';
import { collectFields, collectSubfields, type CollectedFields } from './collectFields.js';
import type { ObjectBuilder, TextWriter } from './EmitterSlots.js';
import { createFieldPlan, getFieldDef, type FieldPlan } from './FieldPlan.js';
import type { SourceGroup } from './SourceGroup.js';

/** The fields to execute for one object type under one set of merged field nodes. */
export interface SelectionPlan {
  readonly type: GraphQLObjectType;
  /** Fields in response order; unknown fields (no definition) are left out, as graphql-js does. */
  readonly fields: ReadonlyArray<FieldPlan>;
  /** Data sources answering root fields of this selection (root plans only). */
  readonly sourceGroups: ReadonlyArray<SourceGroup>;
  /** What the JSON executor writes before each field's value: `{"key":` first, `,"key":` after. */
  readonly jsonPrefixes: ReadonlyArray<string>;
  /** The same, followed by the opening quote of a string value. */
  readonly jsonQuotedPrefixes: ReadonlyArray<string>;
  /**
   * Set once an object of this selection waited for a promise while being written into its
   * parent's text: from then on the JSON executor writes these objects as text of their own
   * (see executeToJSON's executeFields).
   */
  asyncProne: boolean;
  /** The JSON executor's generated writer for these objects (null: none), once it has one. */
  textWriter: TextWriter | null | undefined;
  /** Objects the JSON executor wrote before it decided on `textWriter`. */
  textWrites: number;
  /**
   * Whether `textWriter` reads properties of the object it writes (false until it is made): one
   * that does not also writes from a source that is not an object, such as the root value.
   */
  textWriterReadsSource: boolean;
  /** The object executor's generated builder for these objects (null: none), once it has one. */
  objectBuilder: ObjectBuilder | null | undefined;
  /** Objects the object executor built before it decided on `objectBuilder`. */
  objectBuilds: number;
  /**
   * Whether a response key is `__proto__`: on an object with Object.prototype, storing it would
   * set the prototype, so these objects are always made without one (executeToObject.ts).
   */
  readonly protoKey: boolean;
  /** The object executor's template of these objects' keys (executeToObject.ts). */
  resultTemplate: Record<string, unknown> | undefined;
}

export interface PlanScope {
  readonly schema: GraphQLSchema;
  readonly fragments: Readonly<Record<string, FragmentDefinitionNode>>;
}

/**
 * The plan of a field's sub-selection for one runtime object type (graphql-js's memoized
 * collectSubfields), built the first time execution needs it and kept on the field's plan.
 * Building can throw (CollectFields can); a failed build is not kept.
 */
export function subselectionOf(
  scope: PlanScope,
  variableValues: Readonly<Record<string, unknown>>,
  parent: FieldPlan,
  type: GraphQLObjectType,
): SelectionPlan {
  const last = parent.lastSubselection;
  if (last !== undefined && parent.lastSubselectionType === type) return last;
  const known = parent.subselections?.get(type);
  if (known !== undefined) {
    parent.lastSubselectionType = type;
    parent.lastSubselection = known;
    return known;
  }
  const collected = collectSubfields(
    scope.schema,
    scope.fragments,
    variableValues,
    type,
    parent.fieldNodes,
  );
  const plan = toSelectionPlan(scope, type, collected, undefined);
  // The first runtime type's plan is kept in `lastSubselection` alone (most fields only ever
  // meet one, and a Map per field was a tenth of what a cold request allocates); a second type
  // starts the map, with the first in it.
  if (last !== undefined) {
    parent.subselections ??= new Map([[parent.lastSubselectionType!, last]]);
    parent.subselections.set(type, plan);
  }
  parent.lastSubselectionType = type;
  parent.lastSubselection = plan;
  return plan;
}

/** Compiles the root selection; root fields backed by a data source are compiled per source. */
export function planRootSelection(
  scope: PlanScope & { readonly operation: OperationDefinitionNode },
  variableValues: Readonly<Record<string, unknown>>,
  conditionValues: Readonly<Record<string, unknown>>,
  type: GraphQLObjectType,
): SelectionPlan {
  const collected = collectFields(
    scope.schema,
    scope.fragments,
    variableValues,
    type,
    scope.operation.selectionSet,
  );
  return toSelectionPlan(scope, type, collected, { operation: scope.operation, conditionValues });
}

function toSelectionPlan(
  scope: PlanScope,
  type: GraphQLObjectType,
  collected: CollectedFields,
  root:
    | {
        readonly operation: OperationDefinitionNode;
        readonly conditionValues: Readonly<Record<string, unknown>>;
      }
    | undefined,
): SelectionPlan {
  const fields: FieldPlan[] = [];
  const bySource =
    root === undefined
      ? undefined
      : new Map<
          SourceGroup['source'],
          {
            group: { source: SourceGroup['source']; compiled: SourceGroup['compiled'] };
            members: FieldPlan[];
          }
        >();
  for (const [responseKey, fieldNodes] of collected) {
    const fieldDef = getFieldDef(scope.schema, type, fieldNodes[0]!);
    if (!fieldDef) continue;
    const source = bySource === undefined ? undefined : getFieldSource(fieldDef);
    if (source !== undefined && bySource !== undefined) {
      let entry = bySource.get(source);
      if (!entry) {
        entry = { group: { source, compiled: { error: new Error('not compiled') } }, members: [] };
        bySource.set(source, entry);
      }
      const plan = createFieldPlan(responseKey, fieldNodes, fieldDef, type, {
        group: entry.group,
        index: entry.members.length,
      });
      entry.members.push(plan);
      fields.push(plan);
    } else {
      fields.push(createFieldPlan(responseKey, fieldNodes, fieldDef, type, undefined));
    }
  }
  const sourceGroups: SourceGroup[] = [];
  if (root !== undefined && bySource !== undefined) {
    for (const { group, members } of bySource.values()) {
      try {
        group.compiled = group.source.compile({
          schema: scope.schema,
          operation: root.operation,
          fragments: scope.fragments,
          parentType: type,
          fields: members.map((member) => ({
            responseKey: member.responseKey,
            fieldDef: member.fieldDef,
            fieldNodes: member.fieldNodes,
          })),
          conditionValues: root.conditionValues,
        });
      } catch (error) {
        group.compiled = { error: error instanceof Error ? error : new Error(String(error)) };
      }
      sourceGroups.push(group);
    }
  }
  const jsonPrefixes = fields.map((field, i) => (i === 0 ? '{' : ',') + field.keyJSON);
  const jsonQuotedPrefixes = jsonPrefixes.map((prefix) => prefix + '"');
  return {
    type,
    fields,
    sourceGroups,
    jsonPrefixes,
    jsonQuotedPrefixes,
    asyncProne: false,
    textWriter: undefined,
    textWrites: 0,
    textWriterReadsSource: false,
    objectBuilder: undefined,
    objectBuilds: 0,
    protoKey: fields.some((field) => field.responseKey === '__proto__'),
    resultTemplate: undefined,
  };
}
