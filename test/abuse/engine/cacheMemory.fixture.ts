// Run by cacheMemory.test.ts in a child process with a small heap and --expose-gc: each scenario
// sends requests whose text or operation name is large and unique, then prints what the engine
// kept. Without bounds the child runs out of memory and dies.
import { buildSchema, parse } from 'graphql';
import { createEngine, executeJSON } from '../../../src/engine/index.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const schema = buildSchema('type Query { hello: String other: String }');
const MB = 1024 * 1024;
const requests = Number(process.argv[3] ?? 200);

/** A unique text of about `size` characters. */
const padding = (i: number, size: number) => `${i} `.padEnd(size, 'x');

const scenarios: Record<string, () => Promise<Record<string, unknown>>> = {
  async operationNames() {
    const engine = createEngine({ schema });
    const document = 'query A { hello } query B { other }';
    let longestMessage = 0;
    for (let i = 0; i < requests; i++) {
      const result = engine.prepare(document, padding(i, 500_000));
      if (result.ok) throw new Error('an unknown operation name was accepted');
      longestMessage = Math.max(longestMessage, result.body.length);
      const known = engine.prepare(document, i % 2 ? 'A' : 'B');
      if (!known.ok) throw new Error(known.body);
    }
    return { longestMessage, stats: engine.stats() };
  },
  async dropInOperationNames() {
    // The graphql-js drop-ins cache plans per document object, by operation name.
    const document = parse('query A { hello } query B { other }');
    for (let i = 0; i < requests; i++) {
      const text = await executeJSON({ schema, document, operationName: padding(i, 500_000) });
      if (!text.startsWith('{"errors":[{"message":"Unknown operation named')) throw new Error(text);
    }
    return { document: document.definitions.length };
  },
  async paddedDocuments() {
    const engine = createEngine({ schema, maxDocumentBytes: 2 * MB, planCacheBytes: 16 * MB });
    for (let i = 0; i < requests; i++) {
      const result = engine.prepare(`{ hello } # ${padding(i, MB)}`);
      if (!result.ok) throw new Error(result.body);
      await result.execute();
    }
    return { stats: engine.stats() };
  },
  async paddedFailures() {
    const engine = createEngine({ schema, maxDocumentBytes: 2 * MB, planCacheBytes: 16 * MB });
    for (let i = 0; i < requests; i++) {
      const parse = engine.prepare(`{ hello # ${padding(i, MB)}`);
      const validate = engine.prepare(`{ nope } # ${padding(i, MB)}`);
      if (parse.ok || validate.ok) throw new Error('an invalid document was accepted');
    }
    return { stats: engine.stats() };
  },
  async oversizeDocuments() {
    const engine = createEngine({ schema });
    const codes = new Set<unknown>();
    for (let i = 0; i < requests; i++) {
      const result = engine.prepare(`{ hello } # ${padding(i, MB)}`);
      if (result.ok) throw new Error('a 1 MB document was accepted');
      codes.add(
        (JSON.parse(result.body) as { errors: [{ extensions: { code: unknown } }] }).errors[0]
          .extensions.code,
      );
    }
    return { codes: [...codes], stats: engine.stats() };
  },
};

const scenario = scenarios[process.argv[2] ?? ''];
if (!scenario) throw new Error(`unknown scenario ${process.argv[2]}`);
const before = (gc(), process.memoryUsage().heapUsed);
const result = await scenario();
gc();
const retainedMB = (process.memoryUsage().heapUsed - before) / MB;
process.stdout.write(JSON.stringify({ ...result, retainedMB }));
