import { GraphQLError, parse as graphqlParse, type Source, type Token } from 'graphql';
import { parse, type SluiceParseOptions } from '../../../src/engine/language/parse.js';

type Outcome = { ok: true; value: unknown } | { ok: false; error: unknown };

function attempt(run: () => unknown): Outcome {
  try {
    return { ok: true, value: run() };
  } catch (error) {
    return { ok: false, error };
  }
}

/**
 * How Sluice's `parse` differs from graphql-js's on one input, or undefined when it does not:
 * the same error (class, message, locations, positions, source, extensions), or the same AST —
 * `JSON.stringify` equal (so `loc` start and end), the same keys in the same order on every node
 * (`undefined`-valued ones included), the same `tokenCount`, each `loc`'s `startToken` and
 * `endToken` the same token, and the same token chain from `<SOF>` to `<EOF>`.
 */
export function parseDifference(
  source: string | Source,
  options?: SluiceParseOptions,
): string | undefined {
  return compareParse(source, options).difference;
}

/** `parseDifference`, and whether graphql-js refused the input. */
export function compareParse(
  source: string | Source,
  options?: SluiceParseOptions,
): { difference: string | undefined; refused: boolean } {
  const expected = attempt(() => graphqlParse(source, options));
  const actual = attempt(() => parse(source, options));
  return { difference: difference(expected, actual), refused: !expected.ok };
}

function difference(expected: Outcome, actual: Outcome): string | undefined {
  if (!expected.ok || !actual.ok) {
    if (expected.ok) return `graphql-js parsed; Sluice threw ${describe(actual)}`;
    if (actual.ok) return `graphql-js threw ${describe(expected)}; Sluice parsed`;
    return errorDifference(expected.error, actual.error);
  }
  const expectedText = JSON.stringify(expected.value);
  const actualText = JSON.stringify(actual.value);
  if (expectedText !== actualText) return `AST JSON differs:\n${expectedText}\n${actualText}`;
  const expectedCount = (expected.value as { tokenCount?: number }).tokenCount;
  const actualCount = (actual.value as { tokenCount?: number }).tokenCount;
  if (expectedCount !== actualCount) return `tokenCount ${expectedCount} vs ${actualCount}`;
  return shapeDifference(expected.value, actual.value);
}

function describe(outcome: Outcome): string {
  return outcome.ok ? 'nothing' : String((outcome.error as Error).message);
}

function errorDifference(expected: unknown, actual: unknown): string | undefined {
  if (!(expected instanceof GraphQLError)) {
    return expected instanceof Error &&
      actual instanceof Error &&
      expected.message === actual.message
      ? undefined
      : `graphql-js threw a non-GraphQLError ${String(expected)}; Sluice ${String(actual)}`;
  }
  if (!(actual instanceof GraphQLError)) return `Sluice threw ${String(actual)}`;
  const fields = (error: GraphQLError): string =>
    JSON.stringify({
      message: error.message,
      locations: error.locations,
      positions: error.positions,
      body: error.source?.body,
      name: error.source?.name,
      nodes: error.nodes,
      path: error.path,
      extensions: error.extensions,
    });
  const a = fields(expected);
  const b = fields(actual);
  return a === b ? undefined : `errors differ:\n${a}\n${b}`;
}

function tokenText(token: Token | null | undefined): string {
  if (token == null) return String(token);
  const { kind, start, end, line, column, value } = token;
  return JSON.stringify([kind, start, end, line, column, value, Object.keys(token)]);
}

/** Keys, in order, of every node, and the tokens of every `loc`; walked without recursion. */
function shapeDifference(expected: unknown, actual: unknown): string | undefined {
  const stack: Array<[unknown, unknown, string]> = [[expected, actual, '']];
  const expectedIndex = new Map<Token, number>();
  const actualIndex = new Map<Token, number>();
  while (stack.length > 0) {
    const [a, b, path] = stack.pop()!;
    if (typeof a !== 'object' || a === null) {
      if (a !== b) return `${path}: ${String(a)} vs ${String(b)}`;
      continue;
    }
    if (typeof b !== 'object' || b === null) return `${path}: object vs ${String(b)}`;
    if (Array.isArray(a) !== Array.isArray(b)) return `${path}: array vs not`;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b) && !('startToken' in a)) {
      return `${path}: prototypes differ`;
    }
    if ('startToken' in a) {
      const loc = a as { startToken: Token; endToken: Token; start: number; end: number };
      const other = b as typeof loc;
      if (loc.start !== other.start || loc.end !== other.end) return `${path}: loc differs`;
      if (path === '.loc') {
        const chain = chainText(loc.startToken);
        const otherChain = chainText(other.startToken);
        if (chain !== otherChain) return `token chain:\n${chain}\n${otherChain}`;
        indexTokens(loc.startToken, expectedIndex);
        indexTokens(other.startToken, actualIndex);
      }
      // Both chains are the same, token for token: a loc's tokens must sit at the same places.
      for (const which of ['startToken', 'endToken'] as const) {
        const x = expectedIndex.get(loc[which]);
        const y = actualIndex.get(other[which]);
        if (x === undefined || x !== y) return `${path}.${which}: token ${x} vs ${y}`;
      }
      continue;
    }
    const keys = Object.keys(a);
    const otherKeys = Object.keys(b);
    if (keys.join() !== otherKeys.join())
      return `${path}: keys ${keys.join()} vs ${otherKeys.join()}`;
    for (const key of keys) {
      stack.push([
        (a as Record<string, unknown>)[key],
        (b as Record<string, unknown>)[key],
        `${path}.${key}`,
      ]);
    }
  }
  return undefined;
}

function indexTokens(sof: Token, index: Map<Token, number>): void {
  let i = 0;
  for (let token: Token | null = sof; token !== null; token = token.next) index.set(token, i++);
}

function chainText(sof: Token): string {
  const texts: string[] = [];
  let previous: Token | null = null;
  for (let token: Token | null = sof; token !== null; token = token.next) {
    if (token.prev !== previous) texts.push('(prev link broken)');
    texts.push(tokenText(token));
    previous = token;
  }
  return texts.join('\n');
}
