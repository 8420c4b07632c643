// Run by cacheMemory.test.ts in a child process with a small heap and --expose-gc: each scenario
// sends requests whose text or operation name is large and unique, then prints what the engine
// kept. Without bounds the child runs out of memory and dies.
import { buildSchema, parse } from 'graphql';
import { createEngine, executeJSON } from '../../../src/engine/index.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with --expose-gc');

const schema = buildSchema('type Query { hello: String other: String list(first: Int): [Query] }');
const MB = 1024 * 1024;
const requests = Number(process.argv[3] ?? 200);

/** A unique text of about `size` characters. */
const padding = (i: number, size: number) => `${i} `.padEnd(size, 'x');

/** What a scenario leaves: figures to print, and what it keeps alive while the heap is measured. */
interface Outcome {
  readonly kept: unknown;
  readonly [figure: string]: unknown;
}

const scenarios: Record<string, () => Promise<Outcome>> = {
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
    return { kept: engine, longestMessage, stats: engine.stats() };
  },
  async dropInOperationNames() {
    // The graphql-js drop-ins cache plans per document object, by operation name.
    const document = parse('query A { hello } query B { other }');
    for (let i = 0; i < requests; i++) {
      const text = await executeJSON({ schema, document, operationName: padding(i, 500_000) });
      if (!text.startsWith('{"errors":[{"message":"Unknown operation named')) throw new Error(text);
    }
    return { kept: document };
  },
  async paddedDocuments() {
    const engine = createEngine({ schema, maxDocumentBytes: 2 * MB, planCacheBytes: 16 * MB });
    for (let i = 0; i < requests; i++) {
      const result = engine.prepare(`{ hello } # ${padding(i, MB)}`);
      if (!result.ok) throw new Error(result.body);
      await result.execute();
    }
    return { kept: engine, stats: engine.stats() };
  },
  async sharedFragments() {
    // 300 operations spreading the same 300 fragments: each operation keeps its own figures and
    // plan, so one document's cost grows with every operation run.
    const lines: string[] = [];
    for (let k = 0; k < 300; k++) lines.push(`query Q${k}($n: Int) { ...F0 }`);
    for (let i = 0; i < 300; i++)
      lines.push(`fragment F${i} on Query { hello other ...F${i + 1} }`);
    lines.push('fragment F300 on Query { list(first: $n) { hello } }');
    const document = lines.join('\n');
    const engine = createEngine({ schema, maxTokens: 100_000, planCacheBytes: 16 * MB });
    for (let k = 0; k < 300; k++) {
      const result = engine.prepare(document, `Q${k}`);
      if (!result.ok) throw new Error(result.body);
      await result.execute({ variables: { n: 1 } });
    }
    return { kept: engine, stats: engine.stats() };
  },
  async paddedFailures() {
    const engine = createEngine({ schema, maxDocumentBytes: 2 * MB, planCacheBytes: 16 * MB });
    for (let i = 0; i < requests; i++) {
      const parse = engine.prepare(`{ hello # ${padding(i, MB)}`);
      const validate = engine.prepare(`{ nope } # ${padding(i, MB)}`);
      if (parse.ok || validate.ok) throw new Error('an invalid document was accepted');
    }
    return { kept: engine, stats: engine.stats() };
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
    return { kept: engine, codes: [...codes], stats: engine.stats() };
  },
};

const scenario = scenarios[process.argv[2] ?? ''];
if (!scenario) throw new Error(`unknown scenario ${process.argv[2]}`);
const before = (gc(), process.memoryUsage().heapUsed);
const { kept, ...figures } = await scenario();
gc();
const retainedMB = (process.memoryUsage().heapUsed - before) / MB;
if (kept === undefined) throw new Error('nothing kept');
process.stdout.write(JSON.stringify({ ...figures, retainedMB }));
