/**
 * The server under attack, in a process of its own (started by `useAbuseServer`): an attack that
 * blocks the event loop or crashes then shows as slow or missing answers to the test, whose own
 * timers keep running. Reads its configuration (JSON) from argv[2], prints nothing, and answers
 * the test's questions (engine stats, retained heap, prototype pollution) over IPC.
 */
import { createEngine, type EngineOptions } from '../../../src/engine/index.js';
import { createSluiceServer, type SluiceServerOptions } from '../../../src/server/index.js';
import { abuseSchema } from './abuseSchema.js';
import type { ServerConfig, ServerQuestion } from './serverProcess.js';
import { demoSchema } from './demoSchema.js';

const config = JSON.parse(process.argv[2] ?? '{}') as ServerConfig;
const schema = config.schema === 'demo' ? await demoSchema(config.reflect ?? {}) : abuseSchema();
const engine = createEngine({ ...config.engine, schema } as EngineOptions);
const server = createSluiceServer({
  shutdownGraceMs: 1000,
  ...(config.server as Partial<SluiceServerOptions>),
  engine,
});
const address = await server.listen(0, '127.0.0.1');

function answer(question: ServerQuestion): unknown {
  switch (question.ask) {
    case 'stats':
      return engine.stats();
    case 'heap':
      globalThis.gc?.();
      globalThis.gc?.();
      return process.memoryUsage().heapUsed;
    case 'prototypes':
      // Own keys added to the prototypes an attack would aim at (none belong there).
      return {
        object: Object.getOwnPropertyNames(Object.prototype).filter((k) => !BUILTIN.has(k)),
        polluted: ({} as Record<string, unknown>)['polluted'] ?? null,
      };
  }
}

const BUILTIN = new Set(Object.getOwnPropertyNames(Object.prototype));

process.on('message', (message: { id: number } & ServerQuestion) => {
  process.send?.({ id: message.id, value: answer(message) });
});
process.on('disconnect', () => {
  void server.close().then(() => process.exit(0));
});
process.send?.({ port: address.port });
