import {
  createDemoDatabase,
  createPgliteClient,
  reflect,
  type ReflectOptions,
} from '../../../src/pg/index.js';

/**
 * The demo database (users, posts, comments, tags; DEMO_SIZE rows) in an in-memory PGlite,
 * reflected as `sluice serve --database` reflects a database. The options are passed as they are
 * (see ServerConfig).
 */
export async function demoSchema(options: Record<string, unknown>) {
  const client = await createPgliteClient();
  await createDemoDatabase(client);
  const { schema } = await reflect(client, options as ReflectOptions);
  return schema;
}
