import { parse, validate, specifiedRules } from 'graphql';
import { validateDocument } from '../dist/engine/validation/validateDocument.js';
import { scenarios } from './engine/scenarios/index.js';
const T = (l, f) => { for (let i = 0; i < 2000; i++) f(); let best = 1e9; for (let r = 0; r < 5; r++) { const t0 = process.hrtime.bigint(); for (let i = 0; i < 2000; i++) f(); best = Math.min(best, Number(process.hrtime.bigint() - t0) / 2000 / 1000); } console.log(l.padEnd(30), best.toFixed(1), 'µs'); };
for (const s of scenarios) {
  const doc = parse(s.query);
  T(s.key + ' graphql-js validate', () => validate(s.schema, doc));
  T(s.key + ' validateDocument', () => validateDocument(s.schema, doc, specifiedRules));
}
