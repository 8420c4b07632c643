import type { Logger } from '../server/index.js';
import { CliError, ExitCode } from './ExitCode.js';
import type { CliIO } from './io.js';
import { loadDatabaseSource, reflectOptions } from './loadDatabaseSource.js';
import { checkAnonymousRole } from './checkAnonymousRole.js';
import { loadRequestAuth } from './loadRequestAuth.js';
import { loadSchemaModule } from './loadSchemaModule.js';
import { databaseTarget, openDatabase, poolOptions } from './openDatabase.js';
import type { ServeConfig } from './options.js';
import type { ServeSource } from './startServer.js';

/**
 * What `serve` serves and `print-schema` prints: a schema module, or a database to reflect
 * (`--database`, else DATABASE_URL when no module is given).
 */
export async function serveSource(
  command: 'serve' | 'print-schema',
  config: ServeConfig,
  io: CliIO,
  logger: Logger,
): Promise<ServeSource> {
  if (config.schema && config.database) {
    throw new CliError(
      ExitCode.USAGE,
      `Pass either --schema <module> or --database <url> to ${command}, not both.`,
    );
  }
  const auth = command === 'serve' ? await loadRequestAuth(config, io.cwd) : undefined;
  if (config.schema) {
    if (auth) {
      throw new CliError(
        ExitCode.USAGE,
        'JWT verification (--jwt-*, --anonymous-role) applies to a database (--database), not to --schema.',
      );
    }
    return { schema: await loadSchemaModule(config.schema, io.cwd) };
  }
  const url = config.database ?? io.env['DATABASE_URL'];
  if (!url) {
    throw new CliError(
      ExitCode.USAGE,
      `${command} needs --schema <module> or --database <url> (or SLUICE_SCHEMA, SLUICE_DATABASE, DATABASE_URL, or the config file).`,
    );
  }
  const target = databaseTarget(url, io.cwd, config.database ? '--database' : 'DATABASE_URL');
  const options = {
    ...reflectOptions(config),
    ...(config.liveDebounceMs === undefined
      ? {}
      : { liveQueries: { debounceMs: config.liveDebounceMs } }),
  };
  const replicas = (config.readReplica ?? []).map((replica) =>
    databaseTarget(replica, io.cwd, '--read-replica'),
  );
  const client = await openDatabase(target, poolOptions(config), {
    targets: replicas,
    warn: (message) => logger.warn(message),
  });
  try {
    if (auth?.anonymousRole !== undefined)
      await checkAnonymousRole(client, auth.anonymousRole, target.label);
    // Change events ride on the streaming transports: served when they are.
    const events = command === 'serve' && config.realtime;
    return await loadDatabaseSource(client, options, target.label, logger, auth, events);
  } catch (error) {
    await client.end().catch(() => {});
    throw error;
  }
}
