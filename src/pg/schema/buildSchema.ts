import {
  GraphQLBoolean,
  GraphQLID,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  defaultFieldResolver,
  getNamedType,
  isListType,
  isNonNullType,
  isObjectType,
  Kind,
  parseType,
  specifiedScalarTypes,
  type TypeNode,
  type GraphQLFieldConfig,
  type GraphQLFieldConfigArgumentMap,
  type GraphQLFieldConfigMap,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
} from 'graphql';
import type { PgSource } from '../compile/createPgSource.js';
import { createInputTypes, type InputTypes } from './inputTypes.js';
import { SCALARS } from './scalars.js';
import { NODE_TYPE_KEY } from '../compile/nodeId.js';
import {
  neededColumnKey,
  NODE_ID_FIELD,
  type ColumnModel,
  type Model,
  type ModelLimits,
  type RelationShape,
  type TableModel,
} from './Model.js';
import { mutationType } from './mutationSchema.js';
import { changeEventFields } from '../realtime/changeEventFields.js';
import type { ChangeFeed } from '../realtime/createChangeFeed.js';
import { createAggregateTypes } from './aggregateTypes.js';
import type { LiveFeed } from '../realtime/createLiveFeed.js';
import { liveQueryField } from '../realtime/liveQueryField.js';
import { SOURCE_VALUES } from './sourceValues.js';
import { defaultOrderDescription } from './tieBreakers.js';

export { SOURCE_VALUES } from './sourceValues.js';

/**
 * In value mode (a selection with computed fields) the engine completes rows that the statement
 * built under response keys, so every reflected field reads its own response key. An object a
 * computed field's resolver returned (fieldKeyed) knows nothing of the selection: its fields are
 * read by field name, as graphql-js's default resolver reads them, whatever their alias.
 */
const byResponseKey: GraphQLFieldResolver<unknown, unknown> = (source, args, context, info) => {
  const given = (source as { [FIELD_KEYED]?: unknown } | null | undefined)?.[FIELD_KEYED];
  if (given === undefined)
    return (source as Record<string, unknown> | null | undefined)?.[info.path.key as string];
  return fieldKeyed(defaultFieldResolver(given, args, context, info), info.returnType);
};

/** Holds an object a computed field's resolver returned (fieldKeyed). */
const FIELD_KEYED = Symbol('sluice.fieldKeyed');

/**
 * A value a resolver gave for a field of `type`, with each object of a reflected type in it
 * (through lists and promises) wrapped, so that byResponseKey reads its fields by field name.
 */
function fieldKeyed(value: unknown, type: GraphQLOutputType): unknown {
  if (value instanceof Promise) return value.then((v: unknown) => fieldKeyed(v, type));
  if (value === null || value === undefined) return value;
  const inner = isNonNullType(type) ? type.ofType : type;
  if (isListType(inner)) {
    const items = inner.ofType as GraphQLOutputType;
    return typeof value === 'object' && Symbol.iterator in value
      ? Array.from(value as Iterable<unknown>, (v) => fieldKeyed(v, items))
      : value;
  }
  return isObjectType(inner) && typeof value === 'object' ? { [FIELD_KEYED]: value } : value;
}

export const PageInfo = new GraphQLObjectType({
  name: 'PageInfo',
  description: 'Relay cursor pagination state (Relay Cursor Connections spec, §5).',
  fields: {
    hasNextPage: { type: new GraphQLNonNull(GraphQLBoolean), resolve: byResponseKey },
    hasPreviousPage: { type: new GraphQLNonNull(GraphQLBoolean), resolve: byResponseKey },
    startCursor: { type: GraphQLString, resolve: byResponseKey },
    endCursor: { type: GraphQLString, resolve: byResponseKey },
  },
});

/**
 * Generates the GraphQL schema of a model. Root fields carry `extensions.sluice.source`: Sluice's
 * engine hands them to the source, all at once, and splices the statement's JSON. Their resolvers
 * are a fallback for plain graphql-js (e.g. another server): one statement per root field, results
 * completed by graphql-js.
 */
export interface BuildSchemaOptions {
  /**
   * Serve change events (docs/realtime.md, "Database change events"): a Subscription type with
   * `<singular>Created`, `…Updated` and `…Deleted` for each table with a primary key. Default: none.
   */
  readonly changeFeed?: ChangeFeed | undefined;
  /** Live queries (docs/realtime.md): adds `Subscription.live: Query`. */
  readonly liveFeed?: LiveFeed | undefined;
}

export function buildSchema(
  model: Model,
  source: PgSource,
  options: BuildSchemaOptions = {},
): GraphQLSchema {
  const inputs = createInputTypes();
  const objects = new Map<TableModel, GraphQLObjectType>();
  const connections = new Map<TableModel, GraphQLObjectType>();

  const nodeInterface = model.nodeTypes.size > 0 ? nodeInterfaceType() : undefined;
  const isNode = (table: TableModel) => model.nodeTypes.get(table.typeName) === table;

  const objectType = (table: TableModel): GraphQLObjectType => {
    let type = objects.get(table);
    if (!type) {
      type = new GraphQLObjectType({
        name: table.typeName,
        description: table.description,
        interfaces: nodeInterface && isNode(table) ? [nodeInterface] : [],
        fields: () => objectFields(table),
      });
      objects.set(table, type);
    }
    return type;
  };

  const columnType = (column: ColumnModel): GraphQLOutputType => {
    let type: GraphQLOutputType = inputs.scalar(column);
    if (column.isArray) type = new GraphQLList(type);
    return column.notNull ? new GraphQLNonNull(type) : type;
  };

  const objectFields = (table: TableModel): GraphQLFieldConfigMap<unknown, unknown> => {
    const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
    if (nodeInterface && isNode(table)) fields[NODE_ID_FIELD] = nodeIdField;
    for (const column of table.columns.values()) {
      fields[column.fieldName] = {
        type: columnType(column),
        description: column.column.comment,
        resolve: byResponseKey,
      };
    }
    for (const [name, field] of table.fields) {
      if (field.kind === 'relation') {
        fields[name] = relationField(field.relation.target, field.shape, field.relation.required);
      } else {
        const { computed } = field;
        const type = typeRef(computed.type);
        // Objects of a reflected type are read by byResponseKey: by field name, once wrapped.
        const keyed = isObjectType(getNamedType(type));
        fields[name] = {
          type,
          description: computed.description,
          resolve: (row, args, context) => {
            const value = computed.resolve(neededRow(row, computed.needs), args, context);
            return keyed ? fieldKeyed(value, type) : value;
          },
        };
      }
    }
    return fields;
  };

  const relationField = (
    target: TableModel,
    shape: RelationShape,
    required: boolean,
  ): GraphQLFieldConfig<unknown, unknown> => {
    switch (shape) {
      case 'one': {
        const type = objectType(target);
        return { type: required ? new GraphQLNonNull(type) : type, resolve: byResponseKey };
      }
      case 'list':
        return {
          type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(objectType(target)))),
          args: listArgs(target, inputs, model.limits),
          extensions: { sluice: { listSize: listSize(['limit'], model.limits) } },
          resolve: byResponseKey,
        };
      case 'connection':
        return {
          type: new GraphQLNonNull(connectionType(target)),
          args: connectionArgs(target, inputs, model.limits),
          extensions: {
            sluice: { listSize: listSize(['first', 'last'], model.limits, ['nodes', 'edges']) },
          },
          resolve: byResponseKey,
        };
      case 'aggregate':
        return {
          type: new GraphQLNonNull(aggregateType(target)),
          args: { where: { type: inputs.where(target) } },
          resolve: byResponseKey,
        };
    }
  };

  const connectionType = (table: TableModel): GraphQLObjectType => {
    let type = connections.get(table);
    if (!type) {
      const node = new GraphQLNonNull(objectType(table));
      const edge = new GraphQLObjectType({
        name: `${table.typeName}Edge`,
        fields: {
          cursor: {
            type: new GraphQLNonNull(GraphQLString),
            description: 'Opaque; pass it to after/before.',
            resolve: byResponseKey,
          },
          node: { type: node, resolve: byResponseKey },
        },
      });
      type = new GraphQLObjectType({
        name: `${table.typeName}Connection`,
        description: `A page of ${table.typeName} rows (Relay Cursor Connections spec).`,
        fields: {
          edges: {
            type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(edge))),
            resolve: byResponseKey,
          },
          nodes: { type: new GraphQLNonNull(new GraphQLList(node)), resolve: byResponseKey },
          pageInfo: { type: new GraphQLNonNull(PageInfo), resolve: byResponseKey },
          totalCount: {
            type: new GraphQLNonNull(GraphQLInt),
            description: 'Rows matching `where`, ignoring the page.',
            resolve: byResponseKey,
          },
        },
      });
      connections.set(table, type);
    }
    return type;
  };

  const aggregateType = createAggregateTypes(
    inputs,
    model.limits,
    (slicing) => listSize(slicing, model.limits),
    byResponseKey,
  );

  /** Resolves a computed field's SDL type against GraphQL's, Sluice's and the reflected types. */
  const typeRef = (ref: string): GraphQLOutputType => {
    const walk = (node: TypeNode): GraphQLOutputType => {
      if (node.kind === Kind.NON_NULL_TYPE) return new GraphQLNonNull(walk(node.type) as never);
      if (node.kind === Kind.LIST_TYPE) return new GraphQLList(walk(node.type));
      const name = node.name.value;
      const found =
        specifiedScalarTypes.find((t) => t.name === name) ??
        Object.values(SCALARS).find((t) => t.name === name) ??
        [...model.tables.values()].filter((t) => t.typeName === name).map(objectType)[0] ??
        [...model.enums.values()].filter((e) => e.typeName === name).map(inputs.enumType)[0];
      if (!found) throw new Error(`Unknown type ${name} in a computed field's type ${ref}`);
      return found;
    };
    return walk(parseType(ref));
  };

  const queryFields: GraphQLFieldConfigMap<unknown, unknown> = {};
  const resolve = fallbackResolver(source);
  /** A root field: the relation-shaped config, with the source beside its other extensions. */
  const rootField = (
    config: GraphQLFieldConfig<unknown, unknown>,
    description: string | null | undefined,
  ): GraphQLFieldConfig<unknown, unknown> => {
    const sluice = (config.extensions as { sluice?: object } | undefined)?.sluice;
    return {
      ...config,
      extensions: { ...config.extensions, sluice: { ...sluice, source } },
      resolve,
      description,
    };
  };
  for (const [name, root] of model.rootFields) {
    if (root.kind === 'node') {
      queryFields[name] = rootField(
        {
          type: nodeInterface as GraphQLInterfaceType,
          args: { id: { type: new GraphQLNonNull(GraphQLID), description: 'A `nodeId`.' } },
        },
        'The row a global id stands for, of any type that implements Node; null when there is none.',
      );
      continue;
    }
    if (root.kind === 'nodes') {
      queryFields[name] = rootField(
        {
          type: new GraphQLNonNull(new GraphQLList(nodeInterface as GraphQLInterfaceType)),
          args: {
            ids: {
              type: new GraphQLNonNull(new GraphQLList(new GraphQLNonNull(GraphQLID))),
              description: `\`nodeId\`s, at most ${model.limits.maxPageSize}.`,
            },
          },
          // The estimate cannot read a list's length: it counts the most ids a request may give.
          extensions: {
            sluice: { listSize: { slicingArguments: [], assumedSize: model.limits.maxPageSize } },
          },
        },
        'The rows the global ids stand for, in the order of the ids; null for an id that names no row.',
      );
      continue;
    }
    const { table } = root;
    switch (root.kind) {
      case 'single':
        queryFields[name] = rootField(
          {
            type: objectType(table),
            args: Object.fromEntries(
              root.key.map((c) => [c.fieldName, { type: inputs.keyArgument(c) }]),
            ),
          },
          table.description,
        );
        break;
      default:
        queryFields[name] = rootField(relationField(table, root.kind, false), table.description);
    }
  }
  const taken = new Set([
    ...[...model.tables.values()].map((t) => t.typeName),
    ...[...model.enums.values()].map((e) => e.typeName),
  ]);
  const events = options.changeFeed
    ? changeEventFields(model, inputs, objectType, options.changeFeed, taken)
    : {};
  const queryType = new GraphQLObjectType({ name: 'Query', fields: queryFields });
  if (options.liveFeed) events['live'] = liveQueryField(queryType, options.liveFeed);
  return new GraphQLSchema({
    query: queryType,
    mutation: mutationType(model, inputs, objectType, source, resolve),
    subscription:
      Object.keys(events).length > 0
        ? new GraphQLObjectType({ name: 'Subscription', fields: events })
        : undefined,
    // Tables reachable only through relations still appear in the schema.
    types: [...model.tables.values()].map(objectType),
  });
}

const nodeIdField: GraphQLFieldConfig<unknown, unknown> = {
  type: new GraphQLNonNull(GraphQLID),
  description:
    'A global id of this row: opaque, for `node(id:)` (Relay global object identification).',
  resolve: byResponseKey,
};

/**
 * Relay's `Node` interface. A row in value mode names its type under NODE_TYPE_KEY (nodeSql.ts);
 * in json mode the statement has already written the fields of the right type.
 */
function nodeInterfaceType(): GraphQLInterfaceType {
  return new GraphQLInterfaceType({
    name: 'Node',
    description: 'An object with a global id (Relay global object identification).',
    fields: { [NODE_ID_FIELD]: nodeIdField },
    resolveType: (value) =>
      (value as Record<string, unknown> | null | undefined)?.[NODE_TYPE_KEY] as string | undefined,
  });
}

/**
 * `extensions.sluice.listSize` of a list or connection field, for the engine's cost estimate: the
 * arguments that size it, the size it has without them, and (for a connection) the fields that
 * hold its items.
 */
export interface ListSize {
  readonly slicingArguments: ReadonlyArray<string>;
  readonly assumedSize: number;
  readonly sizedFields?: ReadonlyArray<string>;
}

function listSize(
  slicingArguments: ReadonlyArray<string>,
  limits: ModelLimits,
  sizedFields?: ReadonlyArray<string>,
): ListSize {
  return {
    slicingArguments,
    assumedSize: limits.defaultPageSize,
    ...(sizedFields ? { sizedFields } : {}),
  };
}

/** `orderBy`, when the table has something to sort by; its description names the default. */
function orderByArg(table: TableModel, inputs: InputTypes): GraphQLFieldConfigArgumentMap {
  const orderBy = inputs.orderBy(table);
  if (!orderBy) return {};
  return {
    orderBy: {
      type: new GraphQLList(new GraphQLNonNull(orderBy)),
      description: defaultOrderDescription(table),
    },
  };
}

/** `distinctOn`, when the table has an orderable column. */
function distinctOnArg(table: TableModel, inputs: InputTypes): GraphQLFieldConfigArgumentMap {
  const columns = inputs.orderableColumn(table);
  if (!columns) return {};
  return {
    distinctOn: {
      type: new GraphQLList(new GraphQLNonNull(columns)),
      description:
        'Only the first row of each set of rows equal in these columns (SQL DISTINCT ON): the list is ordered by them first, in the direction orderBy gives each (else ascending), then by orderBy, which chooses the row kept.',
    },
  };
}

function listArgs(
  table: TableModel,
  inputs: InputTypes,
  limits: ModelLimits,
): GraphQLFieldConfigArgumentMap {
  return {
    where: { type: inputs.where(table) },
    ...orderByArg(table, inputs),
    ...distinctOnArg(table, inputs),
    limit: {
      type: GraphQLInt,
      defaultValue: limits.defaultPageSize,
      description: `Rows at most (per parent row when nested); null means the default. At most ${limits.maxPageSize}.`,
    },
    offset: { type: GraphQLInt },
  };
}

function connectionArgs(
  table: TableModel,
  inputs: InputTypes,
  limits: ModelLimits,
): GraphQLFieldConfigArgumentMap {
  return {
    where: { type: inputs.where(table) },
    ...orderByArg(table, inputs),
    ...distinctOnArg(table, inputs),
    // No default value: `last` alone must not meet a default `first`. Without either (or both
    // null) the page is the first `defaultPageSize` rows.
    first: {
      type: GraphQLInt,
      description: `The first rows (after \`after\`). Without first or last: ${limits.defaultPageSize}. At most ${limits.maxPageSize}.`,
    },
    after: { type: GraphQLString },
    last: {
      type: GraphQLInt,
      description: `The last rows (before \`before\`). At most ${limits.maxPageSize}.`,
    },
    before: { type: GraphQLString },
  };
}

/** The row a computed field's resolver sees: the columns it declared, by column name. */
function neededRow(source: unknown, needs: ReadonlyArray<ColumnModel>): Record<string, unknown> {
  const row: Record<string, unknown> = {};
  const from = (source ?? {}) as Record<string, unknown>;
  for (const column of needs) row[column.name] = from[neededColumnKey(column.name)];
  return row;
}

function fallbackResolver(source: PgSource): GraphQLFieldResolver<unknown, unknown> {
  return async (root, _args, context, info) => {
    const known = (root as { [SOURCE_VALUES]?: ReadonlyMap<string, unknown> } | null | undefined)?.[
      SOURCE_VALUES
    ];
    if (known?.has(String(info.path.key))) return known.get(String(info.path.key));
    const fieldDef = info.parentType.getFields()[info.fieldName];
    if (!fieldDef) return null;
    const compiled = source.compileValues({
      schema: info.schema,
      operation: info.operation,
      fragments: info.fragments,
      parentType: info.parentType,
      fields: [{ responseKey: String(info.path.key), fieldDef, fieldNodes: info.fieldNodes }],
      conditionValues: info.variableValues,
    });
    const [result] = await compiled.execute(info.variableValues, context);
    if (result?.kind === 'error') throw result.error;
    return result?.kind === 'value' ? result.value : null;
  };
}
