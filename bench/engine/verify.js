/**
 * Checks that every contender writes exactly the hand-written JSON text on the given paths, and
 * returns one readable line per mismatch (empty when all agree). Nothing is timed unless this is
 * empty: a fast wrong answer is not a result.
 *
 * @param {import('./scenarios/index.js').Scenario} scenario
 * @param {import('./contenders.js').Contender[]} contenders
 * @param {Array<'cached' | 'cold'>} paths
 * @returns {Promise<string[]>}
 */
export async function verify(scenario, contenders, paths) {
  const expected = scenario.handWritten(scenario.rootValue, scenario.variables);
  if (!JSON.parse(expected)) throw new Error(`bench: hand-written ${scenario.key} is not JSON`);
  const problems = [];
  for (const contender of contenders) {
    for (const path of paths) {
      const run = contender[path];
      if (run === undefined) continue;
      // Twice: the first run of a path may plan or compile, the second must reuse what it kept.
      for (const attempt of [1, 2]) {
        let actual;
        try {
          actual = await run();
        } catch (error) {
          problems.push(
            `(${scenario.key}) ${path} ${contender.name}: threw ${/** @type {Error} */ (error).stack ?? error}`,
          );
          break;
        }
        if (actual !== expected) {
          problems.push(
            `(${scenario.key}) ${path} ${contender.name} (run ${attempt}): ${describe(expected, String(actual))}`,
          );
          break;
        }
      }
    }
  }
  return problems;
}

/** @param {string} expected @param {string} actual */
function describe(expected, actual) {
  let at = 0;
  while (at < expected.length && expected[at] === actual[at]) at++;
  const around = (/** @type {string} */ text) =>
    JSON.stringify(text.slice(Math.max(0, at - 40), at + 40));
  return `differs at character ${at} (lengths ${expected.length} and ${actual.length})\n    expected …${around(expected)}…\n    actual   …${around(actual)}…`;
}
