import { createEngine, makeSchema } from 'sluice';
import { resolvers, typeDefs } from '/work/main/bench/http/schema.js';
const engine = createEngine({ schema: makeSchema({ typeDefs, resolvers }) });
const q = 'query Medium { users(first: 100) { id name email age active } }';
const body = () => engine.prepare(q, 'Medium').execute({}).body;
const cands = {
  engineOnly: () => body().length,
  'byteLength+from': () => { const b = body(); return Buffer.byteLength(b, 'utf8') + Buffer.from(b, 'utf8').length; },
  'from': () => Buffer.from(body(), 'utf8').length,
  'latin1': () => Buffer.from(body(), 'latin1').length,
  'flatten+latin1': () => { const b = body(); b.charCodeAt(0); return Buffer.from(b, 'latin1').length; },
};
for (let round = 0; round < 2; round++) for (const [l, f] of Object.entries(cands)) {
  for (let i = 0; i < 3000; i++) f();
  let best = 1e9; for (let r = 0; r < 7; r++) { const t0 = process.hrtime.bigint(); for (let i = 0; i < 3000; i++) f(); best = Math.min(best, Number(process.hrtime.bigint() - t0) / 3000 / 1000); }
  console.log(l.padEnd(16), best.toFixed(1), 'µs');
}
