/**
 * `sluice/server` — GraphQL over HTTP for a Sluice engine: a pure protocol core (`createHandler`),
 * a node:http adapter (`createNodeHandler`) and a ready server with graceful shutdown.
 */
export { createHandler } from './createHandler.js';
export { createNodeHandler, type NodeHandler } from './createNodeHandler.js';
export {
  createSluiceServer,
  type SluiceServer,
  type SluiceServerOptions,
} from './createSluiceServer.js';
export { createJsonLogger, silentLogger, type Logger, type LogLevel } from './logger.js';
export { sha256Hex } from './persisted.js';
export { cachedDirective, withCachedDirective } from './withCachedDirective.js';
export type {
  CorsOptions,
  CsrfOptions,
  GraphiQLOptions,
  Handler,
  HttpRequest,
  HttpResponse,
  InvalidationBus,
  PersistedOptions,
  ResultCacheOptions,
  RequestScope,
  ServerOptions,
} from './types.js';
export {
  createJwtAuth,
  type JsonWebKeySet,
  type JwtAuth,
  type JwtAuthOptions,
  type JwtIdentity,
} from './auth/createJwtAuth.js';
export { jwtClaimSettings, type ClaimSettings } from './auth/jwtClaimSettings.js';
