// Bytes allocated per operation by each contender of the engine scenarios, cached and cold: run by
// run.js in a child process whose young generation holds a whole batch, so no collection runs
// during one and the heap's growth is what the batch allocated (as parse.js counts a parse).
//
//   node --expose-gc --min-semi-space-size=128 --max-semi-space-size=128 bench/engine/allocations.js \
//        [--scenario a,e] [--path cached|cold] [--only sluice]
import { getHeapStatistics } from 'node:v8';
import { parseArgs } from 'node:util';
import { batchCount, gc } from './batchBytes.js';
import { contendersFor, keptContender } from './contenders.js';
import { median } from './measure.js';
import { scenarios } from './scenarios/index.js';

/** @param {import('./contenders.js').Run} run */
async function bytesPerOp(run) {
  for (let i = 0; i < 3; i++) await run();
  gc();
  let before = getHeapStatistics().used_heap_size;
  await run();
  const count = batchCount(getHeapStatistics().used_heap_size - before, 2000);
  const samples = [];
  for (let round = 0; round < 3; round++) {
    const results = new Array(count);
    gc();
    before = getHeapStatistics().used_heap_size;
    for (let i = 0; i < count; i++) results[i] = await run();
    samples.push((getHeapStatistics().used_heap_size - before) / count);
  }
  return median(samples);
}

const { values } = parseArgs({
  options: {
    scenario: { type: 'string' },
    path: { type: 'string' },
    only: { type: 'string' },
  },
});
const wanted = values.scenario?.split(',').map((s) => s.trim());
const paths = values.path === undefined ? ['cached', 'cold'] : [values.path];
/** @type {Record<string, Record<string, Record<string, number>>>} */
const out = {};
for (const scenario of scenarios) {
  if (wanted !== undefined && !wanted.includes(scenario.key)) continue;
  const contenders = contendersFor(scenario).filter((c) => keptContender(c, values.only));
  for (const path of paths) {
    /** @type {Record<string, number>} */
    const byName = {};
    (out[scenario.key] ??= {})[path] = byName;
    for (const c of contenders) {
      const run = c[/** @type {'cached' | 'cold'} */ (path)];
      if (run !== undefined) byName[c.name] = await bytesPerOp(run);
    }
  }
}
process.stdout.write(JSON.stringify(out));
