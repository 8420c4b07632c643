/**
 * `sluice/pg` — serve a PostgreSQL database as GraphQL: reflect its catalog, compile each
 * operation's database fields into one SQL statement. See docs/pg.md.
 */
export { reflect, type ReflectOptions, type Reflection } from './reflect.js';
export { explain, type ExplainOptions, type ExplainResult } from './explain.js';
export { connect, type ConnectOptions } from './driver/connect.js';
export { createPostgresClient } from './driver/createPostgresClient.js';
export { createReplicatedClient, type ReplicaOptions } from './driver/createReplicatedClient.js';
export { createPgliteClient } from './driver/createPgliteClient.js';
export { countStatements } from './driver/countStatements.js';
export {
  createPgInvalidation,
  INVALIDATION_CHANNEL,
  type PgInvalidation,
  type PgInvalidationOptions,
} from './cache/createPgInvalidation.js';
export type {
  PoolOptions,
  QueryOptions,
  QueryRows,
  SetupStatement,
  SqlClient,
} from './driver/SqlClient.js';
export {
  SETTINGS_TEXT,
  type PgRequestSettings,
  type PgSettingsHook,
} from './compile/requestSettings.js';
export {
  createPgSource,
  type DatabaseErrorEvent,
  type PgSource,
  type PgSourceOptions,
  type Statement,
} from './compile/createPgSource.js';
export { introspect } from './catalog/introspect.js';
export { catalogVersion } from './catalog/catalogVersion.js';
export type {
  Catalog,
  CatalogTable,
  CatalogColumn,
  CatalogEnum,
  CatalogForeignKey,
} from './catalog/Catalog.js';
export { buildModel, type ComputedFieldInput, type ModelOptions } from './schema/buildModel.js';
export type { DeclaredForeignKey, DeclaredKeys } from './schema/declaredKeys.js';
export { buildSchema } from './schema/buildSchema.js';
export {
  createInflector,
  defaultInflector,
  type Inflector,
  type InflectorWords,
} from './schema/inflector.js';
export type { Model, TableModel, ColumnModel } from './schema/Model.js';
export { sql, identifier, value, nameLiteral, join } from './sql/sql.js';
export { compileSql } from './sql/compileSql.js';
export { formatSql } from './sql/formatSql.js';
export type { SqlNode, CompiledSql } from './sql/SqlNode.js';
export { createDemoDatabase, type DemoProgress } from './demo/createDemoDatabase.js';
export { DEMO_SIZE, type DemoSeedSize } from './demo/demoSeed.js';
export {
  GraphQLBigFloat,
  GraphQLBigInt,
  GraphQLDate,
  GraphQLDatetime,
  GraphQLJSON,
  GraphQLUUID,
} from './schema/scalars.js';
