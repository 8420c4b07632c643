import { GraphQLError, GraphQLObjectType, type GraphQLFieldConfigMap } from 'graphql';
import type { DataSource, SourceFieldResult } from '../../engine/index.js';
import type { InputTypes } from '../schema/inputTypes.js';
import type { Model, TableModel } from '../schema/Model.js';
import type { ChangeFeed } from './createChangeFeed.js';
import type { ChangeOp } from './createPgChanges.js';
import type { ChangeEvent } from './EventQueue.js';

/** The `extensions.code` of an event that stands for changes not delivered (docs/realtime.md). */
export const CHANGE_EVENTS_MISSED = 'CHANGE_EVENTS_MISSED';

/**
 * The engine's source of change-event fields and of the live-query field: the feed fetched each
 * event's JSON already (one statement for all subscribers of a shape), so a field's result is the
 * event itself, its JSON spliced as a read's is.
 */
export const eventSource: DataSource = {
  name: 'postgres change events',
  compile: (request) => ({
    execute: (_variables, _context, _abortable, rootValue) => {
      const event = rootValue as ChangeEvent;
      if ('missed' in event) {
        return Promise.reject(
          new GraphQLError(
            'Changes may have been missed (the database connection was lost, or a change was too large to name its rows): fetch again.',
            { extensions: { code: CHANGE_EVENTS_MISSED } },
          ),
        );
      }
      if ('error' in event) return Promise.reject(event.error);
      const result: SourceFieldResult =
        'json' in event ? { kind: 'json', json: event.json } : { kind: 'value', value: event.key };
      return Promise.resolve(request.fields.map(() => result));
    },
    describe: () => ({ text: '(the change feed fetched the row)', parameters: [] }),
  }),
};

const OPERATIONS: ReadonlyArray<readonly [ChangeOp, string]> = [
  ['INSERT', 'Created'],
  ['UPDATE', 'Updated'],
  ['DELETE', 'Deleted'],
];

/**
 * `<singular>Created(where:)`, `<singular>Updated(where:)` and `<singular>Deleted` for every
 * table with a primary key. Created and Updated deliver the row with any selection; a deleted row
 * cannot be read again, so Deleted delivers a `<Type>Key`: the primary key's fields, from the
 * notification.
 */
export function changeEventFields(
  model: Model,
  inputs: InputTypes,
  objectType: (table: TableModel) => GraphQLObjectType,
  feed: ChangeFeed,
  takenTypeNames: ReadonlySet<string>,
): GraphQLFieldConfigMap<unknown, unknown> {
  const fields: GraphQLFieldConfigMap<unknown, unknown> = {};
  for (const table of model.tables.values()) {
    if (table.table.kind !== 'table' || table.primaryKey.length === 0) continue;
    const base = table.typeName.charAt(0).toLowerCase() + table.typeName.slice(1);
    for (const [op, suffix] of OPERATIONS) {
      if (op === 'DELETE') {
        const keyName = `${table.typeName}Key`;
        if (takenTypeNames.has(keyName)) continue;
        fields[base + suffix] = {
          type: keyType(table, keyName, inputs),
          description: `The primary key of each ${table.typeName} row deleted.`,
          extensions: { sluice: { source: eventSource } },
          subscribe: (_root, _args, contextValue) =>
            feed.subscribe(table, op, undefined, contextValue),
          resolve: (event) => (event as { key?: unknown }).key ?? null,
        };
        continue;
      }
      fields[base + suffix] = {
        type: objectType(table),
        description: `Each ${table.typeName} row ${op === 'INSERT' ? 'inserted' : 'updated'} that matches \`where\`, read after the change.`,
        args: { where: { type: inputs.where(table) } },
        extensions: { sluice: { source: eventSource } },
        subscribe: (_root, _args, contextValue, info) =>
          feed.subscribe(
            table,
            op,
            {
              schema: info.schema,
              operation: info.operation,
              fragments: info.fragments,
              fieldNodes: info.fieldNodes,
              parentType: info.parentType,
              variables: info.variableValues,
            },
            contextValue,
          ),
        // For plain graphql-js: the row's JSON is in response shape, as a read's value mode is.
        resolve: (event) => {
          const json = (event as { json?: string }).json;
          return json === undefined ? null : (JSON.parse(json) as unknown);
        },
      };
    }
  }
  return fields;
}

function keyType(table: TableModel, name: string, inputs: InputTypes): GraphQLObjectType {
  return new GraphQLObjectType({
    name,
    description: `The primary key of a ${table.typeName} row.`,
    fields: Object.fromEntries(
      table.primaryKey.map((column) => [column.fieldName, { type: inputs.keyArgument(column) }]),
    ),
  });
}
