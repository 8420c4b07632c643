import { execute as graphqlExecute, parse, validate as graphqlValidate } from 'graphql';
import { compileQuery, isCompiledQuery } from 'graphql-jit';
import {
  createEngine,
  execute as sluiceExecute,
  executeJSON,
  parse as sluiceParse,
  validate as sluiceValidate,
} from 'sluice';

/**
 * @typedef {'limit' | 'graphql-js' | 'jit' | 'sluice' | 'sluice-info'} Role
 *   `limit`: the hand-written function; `graphql-js` and `jit`: the peers ratios are taken against;
 *   `sluice`: the entry points the targets are about; `sluice-info`: measured, no target.
 * @typedef {() => string | Promise<string>} Run
 * @typedef {object} Contender
 * @property {string} name
 * @property {Role} role
 * @property {Run} cached  the same document object every time
 * @property {Run} [cold]  a new document object every time: parse + validate + (plan|compile) + run
 *                         (absent for a contender that measures a cached part only)
 */

/**
 * @template T, U
 * @param {T | Promise<T>} value
 * @param {(value: T) => U} next
 * @returns {U | Promise<U>}
 */
const then = (value, next) => (value instanceof Promise ? value.then(next) : next(value));

/**
 * Every contender for one scenario. All run the same GraphQLSchema object and the same query text;
 * each must produce the hand-written function's exact JSON text (checked before timing).
 *
 * @param {import('./scenarios/index.js').Scenario} scenario
 * @returns {Contender[]}
 */
export function contendersFor(scenario) {
  const { schema, query, variables } = scenario;
  const rootValue = scenario.rootValue;
  const document = parse(query);

  /**
   * parse + validate, as every cold request must do before it can run; each library's own
   * parser and validator (Sluice's are drop-ins for graphql-js's, with the same trees and errors).
   * @param {typeof graphqlValidate} validate
   * @param {typeof parse} parseText
   */
  const freshDocument = (validate = graphqlValidate, parseText = parse) => {
    const fresh = parseText(query);
    const errors = validate(schema, fresh);
    if (errors.length > 0)
      throw new Error(`bench: ${scenario.key} does not validate: ${errors[0]?.message}`);
    return fresh;
  };
  /** @param {import('graphql').DocumentNode} doc */
  const args = (doc) => ({ schema, document: doc, rootValue, variableValues: variables });

  /** @param {import('graphql').DocumentNode} doc @param {boolean} fastStringify */
  const compile = (doc, fastStringify) => {
    const compiled = compileQuery(schema, doc, undefined, { customJSONSerializer: fastStringify });
    if (!isCompiledQuery(compiled))
      throw new Error(`bench: graphql-jit cannot compile ${scenario.key}`);
    return compiled;
  };
  const jitOwn = compile(document, true);
  const jitPlain = compile(document, false);
  /** @param {ReturnType<typeof compile>} compiled */
  const runJit = (compiled) =>
    then(compiled.query(rootValue, {}, variables), (r) => compiled.stringify(r));

  // The request entry caches by text: a cold request gets a text no earlier request had, and goes
  // to an engine with a small cache, so that a thousand cached plans (the default LRU, ~20 MB here)
  // do not grow the heap, and the GC work of every contender measured after this one.
  const engine = createEngine({ schema });
  const coldEngine = createEngine({ schema, planCacheSize: 8 });
  let coldRequests = 0;
  /** @param {import('sluice').Engine} entry @param {string} text */
  const viaEntry = (entry, text) => {
    const prepared = entry.prepare(text);
    if (!prepared.ok)
      throw new Error(`bench: the request entry refused ${scenario.key}: ${prepared.body}`);
    return then(prepared.execute({ variables, rootValue }), (outcome) => outcome.body);
  };

  const hand = () => scenario.handWritten(rootValue, variables);
  // The serializing half of the `execute` row on its own: JSON.stringify of a result execute built
  // beforehand. `execute` + JSON.stringify can be no faster than this, whatever execute costs.
  const executed = sluiceExecute(args(document));
  const stringifyAlone = () => then(executed, (result) => JSON.stringify(result));
  return [
    {
      name: 'hand-written JSON',
      role: 'limit',
      cached: hand,
      cold: () => (freshDocument(), hand()),
    },
    {
      name: 'graphql-js execute + JSON.stringify',
      role: 'graphql-js',
      cached: () => then(graphqlExecute(args(document)), JSON.stringify),
      cold: () => then(graphqlExecute(args(freshDocument())), JSON.stringify),
    },
    {
      name: 'graphql-jit + its stringify',
      role: 'jit',
      cached: () => runJit(jitOwn),
      cold: () => runJit(compile(freshDocument(), true)),
    },
    {
      name: 'graphql-jit + JSON.stringify',
      role: 'jit',
      cached: () => runJit(jitPlain),
      cold: () => runJit(compile(freshDocument(), false)),
    },
    {
      name: 'Sluice executeJSON',
      role: 'sluice',
      cached: () => executeJSON(args(document)),
      cold: () => executeJSON(args(freshDocument(sluiceValidate, sluiceParse))),
    },
    {
      name: 'Sluice execute + JSON.stringify',
      role: 'sluice',
      cached: () => then(sluiceExecute(args(document)), JSON.stringify),
      cold: () =>
        then(sluiceExecute(args(freshDocument(sluiceValidate, sluiceParse))), JSON.stringify),
    },
    {
      name: '  JSON.stringify of its result alone',
      role: 'sluice-info',
      cached: stringifyAlone,
    },
    {
      name: 'Sluice request entry (text in)',
      role: 'sluice-info',
      cached: () => viaEntry(engine, query),
      cold: () => viaEntry(coldEngine, `${query}\n# cold request ${coldRequests++}`),
    },
  ];
}

/**
 * Whether `--only` keeps a contender: one whose name contains one of its comma-separated words
 * (case-insensitive); the references (graphql-js, graphql-jit, hand-written) are always kept.
 * @param {Contender} c
 * @param {string | undefined} only
 */
export function keptContender(c, only) {
  if (only === undefined || c.role === 'limit' || c.role === 'graphql-js' || c.role === 'jit')
    return true;
  const words = only
    .toLowerCase()
    .split(',')
    .map((s) => s.trim());
  return words.some((o) => c.name.toLowerCase().includes(o));
}
