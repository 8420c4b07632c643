import { parse } from 'graphql';
import { createEngine, makeSchema, executeJSON } from 'sluice';
import { resolvers, typeDefs, users as all } from '/work/main/bench/http/schema.js';
const schema = makeSchema({ typeDefs, resolvers });
const engine = createEngine({ schema });
const q = 'query Medium { users(first: 100) { id name email age active } }';
const doc = parse(q);
const NE = /["\\\u0000-\u001f\ud800-\udfff]/;
const qs = (s) => NE.test(s) ? JSON.stringify(s) : '"' + s + '"';
function hand() {
  const users = all.slice(0, 100);
  let t = '{"data":{"users":[';
  for (let i = 0; i < users.length; i++) { const u = users[i];
    t += (i ? ',{"id":' : '{"id":') + qs(u.id) + ',"name":' + qs(u.name) + ',"email":' + qs(u.email) + ',"age":' + u.age + ',"active":' + (u.active ? 'true' : 'false') + '}'; }
  return t + ']}}';
}
const cands = {
  hand,
  executeJSON: () => executeJSON({ schema, document: doc }),
  entry: () => engine.prepare(q, 'Medium').execute({}).body,
};
if (cands.hand() !== cands.executeJSON()) throw new Error('differs');
const enc = (s) => Buffer.from(s, 'utf8').length;
for (let round = 0; round < 3; round++) for (const [l, f] of Object.entries(cands)) {
  for (let i = 0; i < 3000; i++) enc(f());
  let best = 1e9; for (let r = 0; r < 7; r++) { const t0 = process.hrtime.bigint(); for (let i = 0; i < 3000; i++) enc(f()); best = Math.min(best, Number(process.hrtime.bigint() - t0) / 3000 / 1000); }
  console.log(l.padEnd(14), best.toFixed(1), 'µs');
}
