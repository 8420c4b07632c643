// Validate alone: Sluice's `validate` against graphql-js 16's (the specified rules), on the
// scenarios' documents and on 400 distinct realistic documents (named operations with variables,
// aliases, arguments and fragments, each document different). Time (validations per CPU second,
// in long slices as the parse set: slices.js) and bytes allocated per validation. Run by
// `npm run bench:engine -- --validate only`, or alone (about a minute):
//
//   node bench/engine/validate.js [--rounds 7] [--slice 300] [--warmup 300]
//
// Allocations are counted as in parse.js: in a child process whose young generation is large
// enough that no collection runs during a batch, the heap's growth is what the batch allocated.
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { parse, validate as graphqlValidate } from 'graphql';
import { validate as sluiceValidate } from 'sluice';
import { warmBytesPerCall } from './batchBytes.js';
import { TIMING_PROCESSES, childMeasurements, setTiming, timedRounds } from './parse.js';
import { formatColumns, geomean, measureSlices, median, ratioOf, speedCells } from './slices.js';
import { scenarios } from './scenarios/index.js';
import { param } from './scenarios/param.js';

/**
 * A deterministic generator of numbers in [0, 1) (mulberry32).
 * @param {number} seed
 */
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
  const pick = (/** @type {string[]} */ items) => items.filter(() => random() < 0.6);
  /** @type {Set<string>} */
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

/**
 * @typedef {[string, import('graphql').GraphQLSchema, import('graphql').DocumentNode[]]} ValidateSet
 *   name, schema, documents
 */

/**
 * The sets: name, schema, documents.
 * @returns {ValidateSet[]}
 */
function validateSets() {
  return [
    // One document per query text: the series repeat their scenario's query at other sizes.
    ...scenarios
      .filter((s) => s.key.length === 1 || s.key === 'wide-1x1' || s.key === 'wide-1x10')
      .map(
        (s) => /** @type {ValidateSet} */ ([`(${s.key}) ${s.title}`, s.schema, [parse(s.query)]]),
      ),
    ['400 distinct realistic documents', param.schema, realisticDocuments()],
  ];
}

/**
 * Both validators must agree (and find the documents valid) before anything is timed.
 * @param {ValidateSet[]} sets
 */
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

/** @typedef {typeof graphqlValidate} Validate */

/**
 * A turn's work: validate every document of the set once.
 * @param {Validate} validate
 * @param {import('graphql').GraphQLSchema} schema
 * @param {import('graphql').DocumentNode[]} documents
 */
const batch = (validate, schema, documents) => () => {
  for (const document of documents) validate(schema, document);
};

/**
 * Bytes one validation allocates (warmBytesPerCall), results kept so nothing is collected.
 * @param {Validate} validate
 * @param {import('graphql').GraphQLSchema} schema
 * @param {import('graphql').DocumentNode[]} documents
 * @param {number} rounds
 */
const bytesPer = (validate, schema, documents, rounds) =>
  warmBytesPerCall(
    (i) =>
      validate(
        schema,
        /** @type {import('graphql').DocumentNode} */ (documents[i % documents.length]),
      ),
    rounds,
  );

/**
 * Times both validators on every set and prints one table, as the parse set does (per
 * validation: a set's rounds are divided by its number of documents).
 * @param {import('./slices.js').SliceTiming} timing
 */
export async function runValidateSet(timing) {
  const sets = validateSets();
  verifySame(sets);
  const { allocations, times } = childMeasurements(fileURLToPath(import.meta.url), timing);
  const rows = sets.map(([name]) => {
    const { js = [], sluice = [] } = times[name] ?? {};
    return { name, js, sluice, speed: ratioOf(js, sluice), bytes: allocations[name] };
  });
  const ops = (/** @type {number[]} */ v) => Math.round(median(v)).toLocaleString('en-US');
  const table = formatColumns(
    [
      'set',
      'graphql-js validations/s',
      'min/max',
      'Sluice validations/s',
      'min/max',
      'speed',
      'lowest–highest',
      'graphql-js B/validation',
      'Sluice B/validation',
    ],
    rows.map((r) => speedCells(r, ops)),
  );
  const ratios = rows.map((r) => r.speed.median);
  const benchDocs = rows.slice(0, -1).map((r) => r.speed.median);
  console.log(
    [
      `\nvalidate alone (specified rules) — Sluice \`validate\` vs graphql-js \`validate\`; ${timedRounds(timing)} rounds in ${TIMING_PROCESSES} processes, each a ${timing.sliceMs} ms CPU slice per validator after a forced GC`,
      table,
      `benchmark documents: lowest ${Math.min(...benchDocs).toFixed(2)}x, geomean ${geomean(benchDocs).toFixed(2)}x; 400 distinct documents: ${(ratios.at(-1) ?? NaN).toFixed(2)}x (target: >= 3x on each)`,
    ].join('\n'),
  );
  return { rows, ratios };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({
    options: {
      allocations: { type: 'boolean' },
      times: { type: 'boolean' },
      rounds: { type: 'string', default: String(setTiming.rounds) },
      slice: { type: 'string', default: String(setTiming.sliceMs) },
      warmup: { type: 'string', default: String(setTiming.warmupMs) },
    },
  });
  const timing = {
    rounds: Number(values.rounds),
    sliceMs: Number(values.slice),
    warmupMs: Number(values.warmup),
  };
  const sets = validateSets();
  if (values.allocations) {
    /** @type {Record<string, { graphql: number, sluice: number }>} */
    const out = {};
    for (const [name, schema, documents] of sets) {
      out[name] = {
        graphql: bytesPer(graphqlValidate, schema, documents, timing.rounds),
        sluice: bytesPer(sluiceValidate, schema, documents, timing.rounds),
      };
    }
    process.stdout.write(JSON.stringify(out));
  } else if (values.times) {
    /** @type {Record<string, { js: number[], sluice: number[] }>} */
    const out = {};
    for (const [name, schema, documents] of sets) {
      // One operation validates the whole set; per validation below.
      const [js, sluice] = measureSlices(
        [batch(graphqlValidate, schema, documents), batch(sluiceValidate, schema, documents)],
        timing,
      ).map((rounds) => rounds.map((perSecond) => perSecond * documents.length));
      out[name] = { js: js ?? [], sluice: sluice ?? [] };
    }
    process.stdout.write(JSON.stringify(out));
  } else {
    await runValidateSet(timing);
  }
}
