/**
 * `sluice` — the engine's public API. Everything else in src/engine is internal.
 */
export {
  createExecutor,
  execute,
  executeJSON,
  executeSync,
  subscribe,
  type Executor,
} from './createExecutor.js';
export type { ExecutionOptions, ObjectListPolicy } from './execution/ExecutionOptions.js';
export type { PromiseOrValue } from './execution/runJSON.js';
export { validateDocument as validate } from './validation/validateDocument.js';
export {
  makeSchema,
  type FieldResolverFn,
  type MakeSchemaOptions,
  type ResolverMap,
  type TypeResolvers,
} from './schema/makeSchema.js';
export {
  createEngine,
  pickOperation,
  type Engine,
  type EngineOptions,
  type EngineStats,
  type ExecuteOutcome,
  type ExecuteBytesRequest,
  type ExecuteRequest,
  type OperationType,
  type PreparedOperation,
  type PrepareResult,
  type PrepareTimings,
  type RequestFailure,
} from './request/createEngine.js';
export { ErrorCode } from './errors/ErrorCode.js';
export { LruCache } from './request/LruCache.js';
export {
  ANY_WRITE,
  getFieldSource,
  isAborted,
  sourceJSONText,
  type Abortable,
  type CompiledSourceQuery,
  type DataSource,
  type SluiceFieldExtension,
  type SourceCompileRequest,
  type SourceFieldResult,
  type SourceRootField,
  type SourceTags,
} from './source/DataSource.js';
export { parse, type SluiceParseOptions } from './language/parse.js';
