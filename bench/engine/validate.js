// Validate alone: Sluice's `validate` against graphql-js 16's (the specified rules), on the
// scenarios' documents and on 400 distinct realistic documents (named operations with variables,
// aliases, arguments and fragments, each document different). Time (validations per CPU second,
// median of interleaved rounds) and bytes allocated per validation. Run by
// `npm run bench:engine -- --validate only`, or alone:
//
//   node --expose-gc bench/engine/validate.js [--rounds 7] [--slice 60] [--warmup 150]
//
// Allocations are counted as in parse.js: in a child process whose young generation is large
// enough that no collection runs during a batch, the heap's growth is what the batch allocated.
import { getHeapStatistics } from 'node:v8';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse, validate as graphqlValidate } from 'graphql';
import { validate as sluiceValidate } from 'sluice';
import { median } from './measure.js';
import { childMeasurements, measureParsers } from './parse.js';
import { scenarios } from './scenarios/index.js';
import { param } from './scenarios/param.js';

/** A deterministic generator of numbers in [0, 1) (mulberry32). */
function seeded(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** 400 distinct valid documents over the parameterized scenario's schema. */
function realisticDocuments() {
  const random = seeded(400);
  const pick = (items) => items.filter(() => random() < 0.6);
  const texts = new Set();
  for (let i = 0; texts.size < 400; i++) {
    const userFields = pick(['id', 'name', 'email']);
    const postFields = pick(['id', 'title', 'likes']);
    const usePosts = random() < 0.8 || userFields.length === 0;
    const useFragment = random() < 0.4;
    const fragment = `fragment PostParts${i} on Post { ${postFields.length > 0 ? postFields.join(' ') : 'id'} }`;
    const posts = usePosts
      ? `${random() < 0.3 ? 'recent: ' : ''}posts(first: $first) { ${useFragment ? `...PostParts${i}` : postFields.join(' ') || 'id'} ${random() < 0.3 ? '__typename' : ''} }`
      : '';
    const second =
      random() < 0.3
        ? ` other: user(id: "user-${i % 100}") { id ${random() < 0.5 ? 'name' : 'email'} }`
        : '';
    const vars = usePosts ? '$id: ID!, $first: Int!' : '$id: ID!';
    const skip = random() < 0.2 ? ' @include(if: true)' : '';
    const text = `query Q${i}(${vars}) { user(id: $id)${skip} { ${userFields.join(' ')} ${posts} }${second} }${useFragment && usePosts ? `\n${fragment}` : ''}`;
    texts.add(text);
  }
  return [...texts].map((text) => parse(text));
}

/** The sets: name, schema, documents. */
function validateSets() {
  return [
    // One document per query text: the series repeat their scenario's query at other sizes.
    ...scenarios
      .filter((s) => s.key.length === 1 || s.key === 'wide-1x1' || s.key === 'wide-1x10')
      .map((s) => [`(${s.key}) ${s.title}`, s.schema, [parse(s.query)]]),
    ['400 distinct realistic documents', param.schema, realisticDocuments()],
  ];
}

/** Both validators must agree (and find the documents valid) before anything is timed. */
function verifySame(sets) {
  for (const [name, schema, documents] of sets) {
    for (const document of documents) {
      const a = JSON.stringify(graphqlValidate(schema, document));
      const b = JSON.stringify(sluiceValidate(schema, document));
      if (a !== b || a !== '[]')
        throw new Error(`validate set "${name}": results differ or not valid`);
    }
  }
}

/** A turn's work: validate every document of the set once. */
const batch = (validate, schema, documents) => () => {
  for (const document of documents) validate(schema, document);
};

/** Bytes one validation allocates (median of rounds), results kept so nothing is collected. */
function bytesPer(validate, schema, documents, rounds) {
  const count = Math.max(1, Math.floor(4000 / documents.length));
  const samples = [];
  batch(validate, schema, documents)();
  for (let round = 0; round < rounds; round++) {
    const kept = [];
    globalThis.gc();
    const before = getHeapStatistics().used_heap_size;
    for (let i = 0; i < count; i++) for (const d of documents) kept.push(validate(schema, d));
    samples.push((getHeapStatistics().used_heap_size - before) / (count * documents.length));
  }
  return median(samples);
}

/** Times both validators on every set, interleaved, and prints one table. */
export async function runValidateSet(timing) {
  verifySame(validateSets());
  const { allocations, times } = childMeasurements(fileURLToPath(import.meta.url), timing);
  console.log(
    '\nvalidate alone (specified rules) — validations per CPU second, medians of interleaved rounds',
  );
  console.log('set | graphql-js | sluice | × | bytes graphql-js | bytes sluice');
  const ratios = [];
  for (const [name] of validateSets()) {
    const { js, sluice } = times[name];
    const ratio = median(sluice) / median(js);
    ratios.push(ratio);
    const bytes = allocations[name];
    console.log(
      `${name} | ${Math.round(median(js))} | ${Math.round(median(sluice))} | ${ratio.toFixed(2)} | ${Math.round(bytes.graphql)} | ${Math.round(bytes.sluice)}`,
    );
  }
  return { ratios };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      allocations: { type: 'boolean' },
      times: { type: 'boolean' },
      rounds: { type: 'string', default: '7' },
      slice: { type: 'string', default: '60' },
      warmup: { type: 'string', default: '150' },
    },
  });
  const timing = {
    rounds: Number(values.rounds),
    sliceMs: Number(values.slice),
    warmupMs: Number(values.warmup),
  };
  const sets = validateSets();
  if (values.allocations) {
    const out = {};
    for (const [name, schema, documents] of sets) {
      out[name] = {
        graphql: bytesPer(graphqlValidate, schema, documents, timing.rounds),
        sluice: bytesPer(sluiceValidate, schema, documents, timing.rounds),
      };
    }
    process.stdout.write(JSON.stringify(out));
  } else if (values.times) {
    const out = {};
    for (const [name, schema, documents] of sets) {
      // Batches of the whole set, timed as parse.js times parsers; per validation below.
      const [js, sluice] = measureParsers(
        [batch(graphqlValidate, schema, documents), batch(sluiceValidate, schema, documents)],
        '',
        timing,
      ).map((rounds) => rounds.map((perSecond) => perSecond * documents.length));
      out[name] = { js, sluice };
    }
    process.stdout.write(JSON.stringify(out));
  } else {
    await runValidateSet(timing);
  }
}
