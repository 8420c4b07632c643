import { createHash } from 'node:crypto';
import { GraphQLError } from 'graphql';
import { ANY_WRITE } from '../../engine/index.js';
import { hasNonFinite } from '../compile/createPgSource.js';
import { bindValues } from '../compile/Param.js';
import { subscriptionSettings, type PgSettingsHook } from '../compile/requestSettings.js';
import { databaseError } from '../compile/reportDatabaseError.js';
import type { SetupStatement, SqlClient } from '../driver/SqlClient.js';
import type { Model } from '../schema/Model.js';
import type { PgChanges, TableChanges } from './createPgChanges.js';
import { EventQueue, type ChangeEvent } from './EventQueue.js';
import {
  liveMultiplexedText,
  liveStatement,
  type LiveField,
  type LiveStatement,
} from './liveStatement.js';
import { probeParamTypes } from './probeParamTypes.js';
import { runEntries } from './entryRows.js';

export interface LiveFeedOptions {
  /**
   * How long a live query waits after a change of a table it reads before it runs again, in ms:
   * the changes of that window cost one re-run. Default 10.
   */
  readonly debounceMs?: number | undefined;
  /** Who each subscriber's statements run as (PgSourceOptions.pgSettings). */
  readonly pgSettings?: PgSettingsHook | undefined;
}

/** Live queries over reflected tables, re-run for all subscribers of a shape at once. */
export interface LiveFeed {
  /**
   * One subscriber's results: the first at once, then each one that differs from the last it was
   * sent, whenever a change names a table the query reads (or after the LISTEN was lost). Throws
   * a GraphQLError for a selection it cannot run.
   */
  subscribe(
    field: LiveField,
    contextValue: unknown,
  ): Promise<AsyncGenerator<ChangeEvent, void, void>>;
}

interface Subscriber {
  readonly values: ReadonlyArray<unknown>;
  /** Its values as JSON: subscribers with the same values share one row of the statement. */
  readonly valuesKey: string;
  readonly queue: EventQueue;
  /** The SHA-1 of the last result it was sent (undefined: none yet, or the last one failed). */
  hash: string | undefined;
}

interface Group {
  readonly statement: LiveStatement;
  readonly setup: SetupStatement | undefined;
  readonly subscribers: Set<Subscriber>;
  /** Subscribers still waiting for their first result. */
  readonly fresh: Set<Subscriber>;
  /** A change came since the last run started: every subscriber's result may differ. */
  dirty: boolean;
  timer: NodeJS.Timeout | undefined;
  running: boolean;
  /** The multiplexed statement, once its parameters' types are known. */
  text: Promise<string> | undefined;
}

/**
 * Subscribers grouped by their statement's text (and the role and settings they run with): a
 * re-run costs one statement per group — `$1` every distinct subscriber's values as a JSON
 * array — whatever the number of subscribers in it. Each subscriber is sent a result only when
 * its bytes differ from the last it was sent (SHA-1 of the JSON text).
 */
export function createLiveFeed(
  model: Model,
  client: SqlClient,
  changes: PgChanges,
  options: LiveFeedOptions = {},
): LiveFeed {
  const debounceMs = options.debounceMs ?? 10;
  // A notification comes at the primary's commit; a replica may not have replayed it yet.
  const reader = client.primary ?? client;
  const groups = new Map<string, Group>();
  /** Removes the listener from the shared LISTEN: set while the feed has subscribers. */
  let unsubscribe: (() => void) | undefined;

  const schedule = (group: Group, ms: number) => {
    // A run in progress schedules the next itself when it ends.
    if (group.timer !== undefined || group.running) return;
    group.timer = setTimeout(() => {
      group.timer = undefined;
      void run(group);
    }, ms);
  };

  const listener = {
    batch(tables: ReadonlyMap<string, TableChanges>) {
      if (tables.size === 0) return;
      for (const group of groups.values()) {
        const { reads } = group.statement;
        if (reads.has(ANY_WRITE) || [...tables.keys()].some((table) => reads.has(table))) {
          group.dirty = true;
          schedule(group, debounceMs);
        }
      }
    },
    missed() {
      for (const group of groups.values()) {
        group.dirty = true;
        schedule(group, 0);
      }
    },
  };

  const run = async (group: Group): Promise<void> => {
    const targets = group.dirty ? [...group.subscribers] : [...group.fresh];
    group.dirty = false;
    group.fresh.clear();
    if (targets.length === 0) return;
    group.running = true;
    try {
      const rows = new Map<string, number>();
      const values: Array<ReadonlyArray<unknown>> = [];
      for (const s of targets) {
        if (rows.has(s.valuesKey)) continue;
        rows.set(s.valuesKey, values.length + 1);
        values.push(s.values);
      }
      const results = await fetch(group, values);
      // Each row's hash once, however many subscribers share the row.
      const hashes = new Map<number, string>();
      for (const s of targets) {
        const row = rows.get(s.valuesKey) as number;
        const result = results.get(row);
        if (result === undefined) continue;
        if (typeof result !== 'string') {
          s.hash = undefined;
          s.queue.push({ error: result });
          continue;
        }
        let hash = hashes.get(row);
        if (hash === undefined) {
          hash = createHash('sha1').update(result).digest('base64');
          hashes.set(row, hash);
        }
        if (hash === s.hash) continue;
        s.hash = hash;
        s.queue.push({ json: result });
      }
    } catch (error) {
      // A probe that failed is tried again with the next run.
      group.text = undefined;
      const failure = databaseError(error);
      for (const s of targets) {
        s.hash = undefined;
        s.queue.push({ error: failure });
      }
    } finally {
      group.running = false;
      if (group.dirty) schedule(group, debounceMs);
      else if (group.fresh.size > 0) schedule(group, 0);
    }
  };

  /** Each row's result by its position in `values`: the live field's JSON, or a field error. */
  const fetch = async (
    group: Group,
    values: ReadonlyArray<ReadonlyArray<unknown>>,
  ): Promise<Map<number, string | GraphQLError>> => {
    const { statement } = group;
    const node = statement.node;
    const results = new Map<number, string | GraphQLError>();
    if (node === undefined) {
      const json = `{${statement.entries.map((e) => `${e.key}:"Query"`).join(',')}}`;
      values.forEach((_, i) => results.set(i + 1, json));
      return results;
    }
    group.text ??= probeParamTypes(reader, statement.text).then((types) =>
      liveMultiplexedText(node, types),
    );
    const text = await group.text;
    const answer = await runEntries(
      values.map((one) => JSON.stringify(one)),
      (json) =>
        reader.query(text, [json], group.setup === undefined ? undefined : { setup: group.setup }),
    );
    for (const [who, error] of answer.failed) results.set(who, databaseError(error));
    for (const row of answer.rows) results.set(Number(row[0]), liveResult(statement, row));
    return results;
  };

  return {
    async subscribe(field, contextValue) {
      const statement = liveStatement(model, field);
      const { setup, key: who } = await subscriptionSettings(options.pgSettings, contextValue);
      const key = `${statement.text}\0${who}`;
      let group = groups.get(key);
      if (group === undefined) {
        group = {
          statement,
          setup,
          subscribers: new Set(),
          fresh: new Set(),
          dirty: false,
          timer: undefined,
          running: false,
          text: undefined,
        };
        groups.set(key, group);
      }
      const values = bindValues(statement.values, field.variables);
      const owner = group;
      const subscriber: Subscriber = {
        values,
        valuesKey: JSON.stringify(values),
        hash: undefined,
        queue: new EventQueue(() => {
          owner.subscribers.delete(subscriber);
          owner.fresh.delete(subscriber);
          if (owner.subscribers.size === 0 && groups.get(key) === owner) {
            groups.delete(key);
            if (owner.timer !== undefined) clearTimeout(owner.timer);
          }
          // No subscriber left: the shared LISTEN (kept across schema reloads) lets go of this
          // feed, and so of its model.
          if (groups.size === 0) {
            unsubscribe?.();
            unsubscribe = undefined;
          }
        }, true),
      };
      group.subscribers.add(subscriber);
      group.fresh.add(subscriber);
      unsubscribe ??= changes.subscribe(listener);
      // LISTEN before the first read, so that no change after the read goes unheard.
      await changes.listening;
      schedule(group, 0);
      return subscriber.queue;
    },
  };
}

/** One row of the multiplexed statement as the live field's JSON (`{"users":[…],…}`). */
function liveResult(statement: LiveStatement, row: ReadonlyArray<unknown>): string | GraphQLError {
  const parts: string[] = [];
  for (const entry of statement.entries) {
    if (entry.column < 0) {
      parts.push(`${entry.key}:"Query"`);
      continue;
    }
    const cell = row[entry.column + 1];
    let json = typeof cell === 'string' ? cell : 'null';
    if (entry.float && hasNonFinite(json))
      return new GraphQLError('Float cannot represent a non-finite value (NaN or Infinity).');
    if (entry.loose) json = JSON.stringify(JSON.parse(json));
    parts.push(`${entry.key}:${json}`);
  }
  return `{${parts.join(',')}}`;
}
