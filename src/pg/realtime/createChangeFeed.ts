import { databaseError } from '../compile/reportDatabaseError.js';
import { bindValues, type Variables } from '../compile/Param.js';
import { subscriptionSettings, type PgSettingsHook } from '../compile/requestSettings.js';
import { tableTag } from '../compile/statementTags.js';
import type { SetupStatement, SqlClient } from '../driver/SqlClient.js';
import type { TableModel } from '../schema/Model.js';
import { probeParamTypes } from './probeParamTypes.js';
import { runEntries } from './entryRows.js';
import type { ChangeOp, PgChanges, TableChanges } from './createPgChanges.js';
import { EventQueue, type ChangeEvent } from './EventQueue.js';
import { EventStatementCache } from './EventStatementCache.js';
import {
  EVENT_KEYS,
  eventKeysJson,
  eventStatement,
  multiplexedText,
  type EventField,
  type EventStatement,
} from './eventStatement.js';
import type { Model } from '../schema/Model.js';

export interface ChangeFeedOptions {
  /** Who each subscriber's rows are fetched as (PgSourceOptions.pgSettings). */
  readonly pgSettings?: PgSettingsHook | undefined;
}

/** The change events of reflected tables, fetched once per batch for all subscribers of a shape. */
export interface ChangeFeed {
  /**
   * Events of `op` on `table` for one subscriber: for INSERT and UPDATE the rows the field
   * selects that its role and settings (the `pgSettings` hook, given `contextValue`) may read,
   * one event per row (its statement built here, once per subscription shape); for DELETE the deleted
   * keys (`field` undefined: no statement, no settings). Rejects with a GraphQLError for a
   * selection it cannot fetch.
   */
  subscribe(
    table: TableModel,
    op: ChangeOp,
    field: EventField | undefined,
    contextValue: unknown,
  ): Promise<AsyncGenerator<ChangeEvent, void, void>>;
}

interface Subscriber {
  readonly values: ReadonlyArray<unknown>;
  /** `values` as JSON: subscribers with the same values share one row of the statement. */
  readonly valuesJson: string;
  readonly queue: EventQueue;
}

interface Group {
  readonly table: TableModel;
  readonly op: ChangeOp;
  readonly statement: EventStatement | undefined;
  /** The role and settings its fetches run with, in their transaction. */
  readonly setup: SetupStatement | undefined;
  readonly subscribers: Set<Subscriber>;
  /** The multiplexed statement, once its parameters' types are known. */
  text: Promise<string> | undefined;
  /** The last batch's fetch: batches are delivered in the order they were heard. */
  running: Promise<void>;
}

/**
 * Subscribers grouped by (table, operation, statement text, role and settings): a batch of
 * changes costs one statement per group — `$1` the keys, `$2` the distinct values of its subscribers as a JSON
 * array — whatever the number of subscribers in it. Subscribers with the same values (the same
 * filter) share one row of the answer: PostgreSQL builds each row's JSON once, not once per
 * subscriber. A group's first batch first asks PostgreSQL the types of its
 * parameters (PREPARE, then pg_prepared_statements, in one transaction: once per group). With
 * `pgSettings`, each group's fetch runs with its role and settings in one transaction, so that
 * row-level security decides which rows its subscribers get.
 */
export function createChangeFeed(
  model: Model,
  client: SqlClient,
  changes: PgChanges,
  options: ChangeFeedOptions = {},
): ChangeFeed {
  // A notification comes at the primary's commit; a replica may not have the row yet.
  const reader = client.primary ?? client;
  const groups = new Map<string, Group>();
  const statements = new EventStatementCache();
  let unsubscribe: (() => void) | undefined;

  const listener = {
    batch(tables: ReadonlyMap<string, TableChanges>) {
      for (const group of groups.values()) {
        const changed = tables.get(tableTag(group.table.table));
        if (changed !== undefined) deliver(group, changed);
      }
    },
    missed() {
      for (const group of groups.values())
        for (const subscriber of group.subscribers) subscriber.queue.push({ missed: true });
    },
  };

  const deliver = (group: Group, changed: TableChanges) => {
    const subscribers = [...group.subscribers];
    if (changed.unkeyed) for (const s of subscribers) s.queue.push({ missed: true });
    const keys = changed.keys[group.op];
    if (keys.length === 0 || subscribers.length === 0) return;
    if (group.statement === undefined) {
      const fields = group.table.primaryKey.map((column) => column.fieldName);
      for (const key of keys) {
        const object = Object.fromEntries(fields.map((name, i) => [name, key[i] ?? null]));
        for (const s of subscribers) s.queue.push({ key: object });
      }
      return;
    }
    const statement = group.statement;
    // Subscribers by their values, in order of first appearance: the statement's `who` indexes.
    const audiences = new Map<string, Subscriber[]>();
    for (const s of subscribers) {
      const same = audiences.get(s.valuesJson);
      if (same === undefined) audiences.set(s.valuesJson, [s]);
      else same.push(s);
    }
    const audience = [...audiences.values()];
    const fetch = async () => {
      const text = await (group.text ??= probeParamTypes(reader, statement.text).then((types) =>
        multiplexedText(statement, types),
      ));
      const answer = await runEntries([...audiences.keys()], (values) =>
        reader.query(
          text,
          [eventKeysJson(group.table, keys), values],
          group.setup === undefined ? undefined : { setup: group.setup },
        ),
      );
      // Run one by one, the entries' rows are put back in the order of the keys.
      const rows = answer.alone
        ? [...answer.rows].sort(
            (a, b) => Number(a[1]) - Number(b[1]) || Number(a[0]) - Number(b[0]),
          )
        : answer.rows;
      return { rows, failed: answer.failed };
    };
    group.running = group.running.then(fetch).then(
      ({ rows, failed }) => {
        for (const [who, error] of failed) {
          const failure = databaseError(error);
          for (const subscriber of audience[who - 1] ?? [])
            subscriber.queue.push({ error: failure });
        }
        for (const [who, , json] of rows) {
          const same = audience[Number(who) - 1];
          if (same === undefined || typeof json !== 'string') continue;
          const event = { json: statement.loose ? JSON.stringify(JSON.parse(json)) : json };
          for (const subscriber of same) subscriber.queue.push(event);
        }
      },
      (error: unknown) => {
        // A probe that failed is tried again with the next batch.
        group.text = undefined;
        const failure = databaseError(error);
        for (const s of subscribers) s.queue.push({ error: failure });
      },
    );
  };

  return {
    async subscribe(table, op, field, contextValue) {
      const statement = field && statements.get(field, () => eventStatement(model, table, field));
      const variables: Variables = field?.variables ?? {};
      // A deleted row's key comes from the notification: nothing is fetched, nothing to apply.
      const { setup, key: who } =
        statement === undefined
          ? { setup: undefined, key: '' }
          : await subscriptionSettings(options.pgSettings, contextValue);
      const key = `${tableTag(table.table)}\0${op}\0${statement?.text ?? ''}\0${who}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = {
          table,
          op,
          statement,
          setup,
          subscribers: new Set(),
          text: undefined,
          running: Promise.resolve(),
        };
        groups.set(key, group);
      }
      const values =
        statement === undefined
          ? []
          : bindValues(
              statement.values.filter((v) => v !== EVENT_KEYS),
              variables,
            );
      const owner = group;
      const subscriber: Subscriber = {
        values,
        valuesJson: JSON.stringify(values),
        queue: new EventQueue(() => {
          owner.subscribers.delete(subscriber);
          if (owner.subscribers.size === 0 && groups.get(key) === owner) groups.delete(key);
          // No subscriber left: the shared LISTEN (kept across schema reloads) lets go of this
          // feed, and so of its model and statements.
          if (groups.size === 0) {
            unsubscribe?.();
            unsubscribe = undefined;
          }
        }),
      };
      group.subscribers.add(subscriber);
      unsubscribe ??= changes.subscribe(listener);
      // LISTEN before the subscription is handed back, so that no write after it goes unheard.
      await changes.listening;
      return subscriber.queue;
    },
  };
}
