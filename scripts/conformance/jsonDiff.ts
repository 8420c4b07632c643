/**
 * Comparisons of JSON values and JSON texts that say WHERE two results part, so a failure reads as
 * "at data.user.name: expected "str", got null" rather than two walls of text.
 */

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

export interface Difference {
  /** Where the values part, e.g. `data.items[1].name` (empty for the root). */
  readonly path: string;
  readonly expected: string;
  readonly actual: string;
}

const isObject = (value: Json): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const pathTo = (parent: string, key: string | number): string =>
  typeof key === 'number'
    ? `${parent}[${key}]`
    : /^[A-Za-z_][A-Za-z0-9_]*$/.test(key)
      ? parent === ''
        ? key
        : `${parent}.${key}`
      : `${parent}[${JSON.stringify(key)}]`;

/** A short rendering of a value for a failure line. */
export function preview(value: Json | undefined, max = 120): string {
  if (value === undefined) return '(missing)';
  const text = JSON.stringify(value);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/**
 * The first place where two JSON values differ, ignoring the order of object keys (the corpus
 * README compares results "as JSON with key order ignored"). Undefined when they are equal.
 */
export function firstDifference(expected: Json, actual: Json, path = ''): Difference | undefined {
  if (Array.isArray(expected) || Array.isArray(actual)) {
    if (!Array.isArray(expected) || !Array.isArray(actual)) {
      return { path, expected: preview(expected), actual: preview(actual) };
    }
    const length = Math.max(expected.length, actual.length);
    for (let i = 0; i < length; i++) {
      const difference = firstDifference(expected[i] as Json, actual[i] as Json, pathTo(path, i));
      if (difference) return difference;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual)) {
    for (const key of Object.keys(expected)) {
      if (!Object.hasOwn(actual, key)) {
        return { path: pathTo(path, key), expected: preview(expected[key]), actual: '(missing)' };
      }
      const difference = firstDifference(
        expected[key] as Json,
        actual[key] as Json,
        pathTo(path, key),
      );
      if (difference) return difference;
    }
    for (const key of Object.keys(actual)) {
      if (!Object.hasOwn(expected, key)) {
        return { path: pathTo(path, key), expected: '(missing)', actual: preview(actual[key]) };
      }
    }
    return undefined;
  }
  // Missing array items arrive here as undefined; Object.is keeps -0 and 0 apart as JSON does not,
  // but both sides went through JSON text, where -0 is written as 0.
  if (expected === actual) return undefined;
  return { path, expected: preview(expected), actual: preview(actual) };
}

/**
 * The first object whose keys come in another order than expected, for values already known to
 * be equal when key order is ignored. Undefined when every object lists its keys in the same order.
 */
export function firstKeyOrderDifference(
  expected: Json,
  actual: Json,
  path = '',
): Difference | undefined {
  if (Array.isArray(expected) && Array.isArray(actual)) {
    for (let i = 0; i < expected.length; i++) {
      const difference = firstKeyOrderDifference(
        expected[i] as Json,
        actual[i] as Json,
        pathTo(path, i),
      );
      if (difference) return difference;
    }
    return undefined;
  }
  if (isObject(expected) && isObject(actual)) {
    const expectedKeys = Object.keys(expected);
    const actualKeys = Object.keys(actual);
    if (expectedKeys.join('\u0000') !== actualKeys.join('\u0000')) {
      return { path, expected: preview(expectedKeys), actual: preview(actualKeys) };
    }
    for (const key of expectedKeys) {
      const difference = firstKeyOrderDifference(
        expected[key] as Json,
        actual[key] as Json,
        pathTo(path, key),
      );
      if (difference) return difference;
    }
  }
  return undefined;
}

/** Where two texts first differ, with some context on each side; undefined when identical. */
export function textDifference(
  expected: string,
  actual: string,
  context = 60,
): Difference | undefined {
  if (expected === actual) return undefined;
  let at = 0;
  const shorter = Math.min(expected.length, actual.length);
  while (at < shorter && expected.charCodeAt(at) === actual.charCodeAt(at)) at++;
  const excerpt = (text: string) => {
    const from = Math.max(0, at - context);
    const to = Math.min(text.length, at + context);
    return `${from > 0 ? '…' : ''}${text.slice(from, to)}${to < text.length ? '…' : ''}`;
  };
  return {
    path: `character ${at} (lengths ${expected.length} and ${actual.length})`,
    expected: excerpt(expected),
    actual: excerpt(actual),
  };
}
