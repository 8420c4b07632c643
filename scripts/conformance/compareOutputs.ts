import {
  firstDifference,
  firstKeyOrderDifference,
  textDifference,
  type Difference,
  type Json,
} from './jsonDiff.js';

export interface Compared {
  /** Where the values part when key order is ignored; absent when they are equal. */
  readonly difference?: Difference;
  /** Where key order (or the text) first parts, for values that are otherwise equal. */
  readonly keyOrder?: Difference;
  readonly expectedText: string;
  readonly actualText: string;
}

const parse = (text: string): Json | undefined => {
  try {
    return JSON.parse(text) as Json;
  } catch {
    return undefined;
  }
};

/** Compares two JSON texts as values (key order ignored), and then as texts. */
export function compareJSONText(expectedText: string, actualText: string): Compared {
  const expected = JSON.parse(expectedText) as Json;
  const actual = parse(actualText);
  if (actual === undefined) {
    return {
      difference: { path: '(not JSON)', expected: 'valid JSON', actual: actualText.slice(0, 120) },
      expectedText,
      actualText,
    };
  }
  const difference = firstDifference(expected, actual);
  if (difference) return { difference, expectedText, actualText };
  if (expectedText === actualText) return { expectedText, actualText };
  const keyOrder =
    firstKeyOrderDifference(expected, actual) ?? textDifference(expectedText, actualText);
  return keyOrder ? { keyOrder, expectedText, actualText } : { expectedText, actualText };
}

/**
 * The request entry formats errors for clients and may add `extensions.code` to them (for
 * variables, BAD_USER_INPUT; for unexpected errors, INTERNAL_SERVER_ERROR). Such added codes are
 * set aside; everything else, key order included, must equal `JSON.stringify` of graphql-js's
 * result. Returns undefined when the body matches.
 */
export function compareBody(
  expectedText: string,
  body: string,
):
  | { problem: string; difference?: Difference; expectedText: string; actualText: string }
  | undefined {
  const actual = parse(body);
  if (actual === undefined) {
    return { problem: 'body is not JSON', expectedText, actualText: body };
  }
  const expected = JSON.parse(expectedText) as Json;
  const expectedErrors =
    isRecord(expected) && Array.isArray(expected['errors']) ? expected['errors'] : [];
  if (isRecord(actual) && Array.isArray(actual['errors'])) {
    actual['errors'].forEach((error, i) => {
      const original = expectedErrors[i];
      const originalCode =
        isRecord(original) && isRecord(original['extensions'])
          ? original['extensions']['code']
          : undefined;
      if (!isRecord(error) || !isRecord(error['extensions']) || originalCode !== undefined) return;
      delete error['extensions']['code'];
      if (Object.keys(error['extensions']).length === 0) delete error['extensions'];
    });
  }
  const actualText = JSON.stringify(actual);
  if (actualText === expectedText) return undefined;
  const compared = compareJSONText(expectedText, actualText);
  return compared.difference
    ? { problem: 'body differs', difference: compared.difference, expectedText, actualText: body }
    : {
        problem: 'body differs in key order only',
        ...(compared.keyOrder ? { difference: compared.keyOrder } : {}),
        expectedText,
        actualText: body,
      };
}

const isRecord = (value: Json | undefined): value is { [key: string]: Json } =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
