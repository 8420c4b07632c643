import { describe, expect, it } from 'vitest';
import { Source } from 'graphql';
import type { SluiceParseOptions } from '../../../src/engine/language/parse.js';
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
});
