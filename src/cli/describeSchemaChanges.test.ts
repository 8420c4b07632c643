import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { describeSchemaChanges } from './describeSchemaChanges.js';

describe('describeSchemaChanges', () => {
  it('names added and removed types, fields and enum values, and retyped fields', () => {
    const before = buildSchema(`
      type Query { a: Int, b(x: Int): String, gone: Int }
      enum Color { RED GREEN }
      input Filter { eq: Int }
      type Old { id: ID }
    `);
    const after = buildSchema(`
      type Query { a: String, b(x: Int, y: Int): String, added: Int }
      enum Color { RED BLUE }
      input Filter { eq: Int, ne: Int }
      type New { id: ID }
    `);
    expect(describeSchemaChanges(before, after).sort()).toEqual(
      [
        'type Old removed',
        'type New added',
        'Query.a changed: Int → String',
        'Query.b changed: (x: Int)String → (x: Int, y: Int)String',
        'Query.gone removed',
        'Query.added added',
        'Color.GREEN removed',
        'Color.BLUE added',
        'Filter.ne added',
      ].sort(),
    );
  });

  it('is empty for schemas that expose the same thing, and caps a long list', () => {
    const sdl = 'type Query { a: Int }';
    expect(describeSchemaChanges(buildSchema(sdl), buildSchema(sdl))).toEqual([]);
    const many = Array.from({ length: 80 }, (_, i) => `f${i}: Int`).join(' ');
    const changes = describeSchemaChanges(
      buildSchema(sdl),
      buildSchema(`type Query { a: Int ${many} }`),
    );
    expect(changes).toHaveLength(51);
    expect(changes.at(-1)).toBe('…and 30 more');
  });
});
