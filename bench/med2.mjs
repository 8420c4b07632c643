import { createEngine, makeSchema } from 'sluice';
import { resolvers, typeDefs } from '/work/main/bench/http/schema.js';
const engine = createEngine({ schema: makeSchema({ typeDefs, resolvers }) });
const q = 'query Medium { users(first: 100) { id name email age active } }';
const run = () => { const o = engine.prepare(q, 'Medium').execute({}); return Buffer.from(o.body, 'utf8').length; };
const t = Date.now(); let n = 0; while (Date.now() - t < 4000) { for (let i = 0; i < 100; i++) run(); n += 100; }
console.log((4000e3 / n).toFixed(1), 'µs/op');
