import { parse, validate, specifiedRules } from 'graphql';
import { scenarios } from './engine/scenarios/index.js';
const s = scenarios.find((x) => x.key === 'd');
const doc = parse(s.query);
const t = Date.now(); while (Date.now() - t < 3000) for (let i = 0; i < 100; i++) validate(s.schema, doc);
