/** `{ node { child { … { id } } } }`: `levels` fields, each in the one before (levels ≥ 2). */
export function deepSelection(levels: number): string {
  return `{ node ${'{ child '.repeat(levels - 2)}{ id }${' }'.repeat(levels - 2)} }`;
}

/** `{ hello(name: [[[…]]]) }`: a list literal nested `levels` deep. */
export function deepListLiteral(levels: number): string {
  return `{ hello(name: ${'['.repeat(levels)}"x"${']'.repeat(levels)}) }`;
}

/** `{ hello(name: {a: {a: …}}) }`: an object literal nested `levels` deep. */
export function deepObjectLiteral(levels: number): string {
  return `{ hello(name: ${'{a: '.repeat(levels)}"x"${'}'.repeat(levels)}) }`;
}

/**
 * `{"not":{"not":…{"eq":"x"}}}`: a Filter value nested `levels` objects deep, as JSON text
 * (written out: JSON.stringify would recurse once per level).
 */
export function deepFilter(levels: number): string {
  return `${'{"not":'.repeat(levels - 1)}{"eq":"x"}${'}'.repeat(levels - 1)}`;
}

/** `{"and":[{"and":[…]}]}`: lists and objects alternating, `levels` objects deep, as JSON text. */
export function deepFilterList(levels: number): string {
  return `${'{"and":['.repeat(levels - 1)}{"eq":"x"}${']}'.repeat(levels - 1)}`;
}

/** A POST body with `variables` given as JSON text. */
export function bodyWithVariables(query: string, variables: Record<string, string>): string {
  const entries = Object.entries(variables).map(
    ([name, json]) => `${JSON.stringify(name)}:${json}`,
  );
  return `{"query":${JSON.stringify(query)},"variables":{${entries.join(',')}}}`;
}
