import { describe, expect, it } from 'vitest';
import { parse as graphqlParse, Source, type OperationDefinitionNode } from 'graphql';
import { parse, type SluiceParseOptions } from '../../../src/engine/language/parse.js';
import { seededRandom } from '../../support/seededRandom.js';
import { DocumentGenerator, mutations } from '../support/generateDocuments.js';
import { compareParse, parseDifference } from '../support/parseDifference.js';

/** Options graphql-js's parse takes, each with values that change what it accepts. */
function someOptions(random: () => number): SluiceParseOptions | undefined {
  const r = random();
  if (r < 0.6) return undefined;
  if (r < 0.68) return { noLocation: true };
  if (r < 0.76) return { allowLegacyFragmentVariables: true };
  if (r < 0.82) return { maxTokens: Math.floor(random() * 40) };
  if (r < 0.86) return { maxLexicalTokens: Math.floor(random() * 40), maxTokens: 5 };
  if (r < 0.9) return { maxComments: Math.floor(random() * 2) };
  if (r < 0.94) return { maxSourceLength: Math.floor(random() * 200) };
  return { experimentalDirectivesOnDirectiveDefinitions: true };
}

describe('parse against graphql-js over generated documents', () => {
  it('agrees on 150 valid documents and a one-token mutation at every token of each (seeded)', () => {
    const random = seededRandom(20_261_201);
    const generator = new DocumentGenerator(random);
    let documents = 0;
    let invalid = 0;
    const failures: string[] = [];
    const check = (text: string, options: SluiceParseOptions | undefined): boolean => {
      documents++;
      const { difference, refused } = compareParse(text, options);
      if (difference !== undefined && failures.length < 5) {
        failures.push(`${JSON.stringify(text)} ${JSON.stringify(options)}\n${difference}`);
      }
      return refused;
    };
    for (let i = 0; i < 150; i++) {
      const text = generator.document();
      expect(check(text, undefined), text).toBe(false);
      check(text, someOptions(random));
      for (const mutated of mutations(text, random)) {
        if (check(mutated, someOptions(random))) invalid++;
      }
    }
    expect(failures).toEqual([]);
    expect(documents).toBeGreaterThanOrEqual(10_000);
    // The mutations must reach the error paths, not only reshuffle valid documents.
    expect(invalid).toBeGreaterThan(documents / 4);
  });

  it('agrees on a Source with a name and a location offset', () => {
    const offset = { line: 4, column: 7 };
    expect(
      parseDifference(new Source('query Q { a(b: "\\q") }', 'Q.graphql', offset)),
    ).toBeUndefined();
    expect(parseDifference(new Source('{ a { b } }', 'ok.graphql', offset))).toBeUndefined();
  });

  it('agrees on long documents, ASCII or not, and on short ones after them', () => {
    const names = (n: number): string => Array.from({ length: n }, (_, i) => `f${i}`).join(' ');
    const texts = [
      `{ ${names(10_000)} }`,
      `{ ${names(10_000)} a(s: "é🎉\\u00e9") }`,
      // Over the 1 MiB the shared array grows to: an array of its own.
      `{ ${names(150_000)} }`,
      // More UTF-8 bytes than that: copied again into an array of three bytes a character.
      `{ a(s: "${'€'.repeat(400_000)}") ${names(100)} }`,
      `{ a(s: "${'\ud83c\udf89'.repeat(10_000)}") b }`,
      `{ a(s: "x\ud800y") }`,
      `\ufeff# ${'ü'.repeat(2_000)}\n{ a(n: -1.5e3, s: """ ${'ß'.repeat(100)} """) }`,
      // Short documents after long ones: what lies past their end is not the last one's.
      '{ a(n: 1',
      '{ a(n: 1.',
      '{ a(n: 1e',
      '{ a(s: "',
      '{ a .',
      '{ a ..',
      '{ a',
      '',
    ];
    for (const text of texts) expect(parseDifference(text), text.slice(0, 80)).toBeUndefined();
  });

  it('gives the tokens of a document read after others were parsed', () => {
    const first = parse('{ a(s: "é") b }');
    parse(`{ ${'x '.repeat(40_000)}}`);
    parse('{ c }');
    const selection = (first.definitions[0] as OperationDefinitionNode).selectionSet.selections[1]!;
    const expected = (graphqlParse('{ a(s: "é") b }').definitions[0] as OperationDefinitionNode)
      .selectionSet.selections[1]!;
    expect(selection.loc!.startToken).toEqual(expected.loc!.startToken);
    expect(selection.loc!.startToken.prev!.prev!.value).toBe('é');
  });
});
