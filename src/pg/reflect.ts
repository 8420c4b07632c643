import type { GraphQLSchema } from 'graphql';
import type { Catalog } from './catalog/Catalog.js';
import { introspect } from './catalog/introspect.js';
import { createPgSource, type PgSource, type PgSourceOptions } from './compile/createPgSource.js';
import type { SqlClient } from './driver/SqlClient.js';
import { buildModel, type ModelOptions } from './schema/buildModel.js';
import { buildSchema } from './schema/buildSchema.js';
import type { Model } from './schema/Model.js';
import { createChangeFeed } from './realtime/createChangeFeed.js';
import { createLiveFeed } from './realtime/createLiveFeed.js';
import {
  createPgChanges,
  type PgChanges,
  type PgChangesOptions,
} from './realtime/createPgChanges.js';

export interface ReflectOptions extends ModelOptions, PgSourceOptions {
  /** PostgreSQL schemas to expose. Default `['public']`. */
  readonly schemas?: ReadonlyArray<string>;
  /**
   * Serve change events from the triggers of `sluice db triggers` (docs/realtime.md): a
   * Subscription type, fed by one LISTEN on `sluice_changes` (made here, or the given one: a
   * schema reflected again shares it). Default: off.
   */
  readonly changeEvents?: boolean | PgChangesOptions | PgChanges;
  /**
   * With `changeEvents`: live queries (`subscription { live { … } }`, docs/realtime.md), on by
   * default; `debounceMs` is how long a live query waits after a change before it runs again
   * (default 10). `false`: none.
   */
  readonly liveQueries?: boolean | { readonly debounceMs?: number | undefined } | undefined;
}

export interface Reflection {
  readonly schema: GraphQLSchema;
  readonly source: PgSource;
  readonly model: Model;
  readonly catalog: Catalog;
  /**
   * What reflection named otherwise than its inflector would have, because the name was taken
   * (docs/pg.md, "Name collisions"); the CLI logs each at level warn.
   */
  readonly warnings: ReadonlyArray<string>;
  /** The LISTEN of change events (with `changeEvents`): its `close` stops it. */
  readonly changes?: PgChanges | undefined;
}

/**
 * Reads the database's catalog and returns a GraphQL schema over it: tables and views as types,
 * foreign keys as relations both ways, junction tables as many-to-many, and root fields that the
 * engine compiles into one SQL statement per operation (docs/pg.md).
 */
export async function reflect(
  client: SqlClient,
  options: ReflectOptions = {},
): Promise<Reflection> {
  const catalog = await introspect(client, options.schemas ?? ['public']);
  const model = buildModel(catalog, options);
  const mergeReturning = options.mergeReturning ?? (await serverVersion(client)) >= 170_000;
  const source = createPgSource(model, client, {
    onDatabaseError: options.onDatabaseError,
    pgSettings: options.pgSettings,
    mergeReturning,
    plainRows: options.plainRows,
  });
  const eventOptions = options.changeEvents;
  const changes =
    eventOptions === undefined || eventOptions === false
      ? undefined
      : eventOptions === true
        ? createPgChanges(client, {})
        : 'subscribe' in eventOptions
          ? (eventOptions as PgChanges)
          : createPgChanges(client, eventOptions as PgChangesOptions);
  const changeFeed = changes
    ? createChangeFeed(model, client, changes, { pgSettings: options.pgSettings })
    : undefined;
  const live = options.liveQueries ?? true;
  const liveFeed =
    changes && live !== false
      ? createLiveFeed(model, client, changes, {
          debounceMs: live === true ? undefined : live.debounceMs,
          pgSettings: options.pgSettings,
        })
      : undefined;
  const schema = buildSchema(model, source, { changeFeed, liveFeed });
  return { schema, source, model, catalog, warnings: model.warnings, changes };
}

/** PostgreSQL's `server_version_num` (150004 for 15.4). */
async function serverVersion(client: SqlClient): Promise<number> {
  const rows = await client.query("SELECT current_setting('server_version_num')::int");
  return Number(rows[0]?.[0] ?? 0);
}
