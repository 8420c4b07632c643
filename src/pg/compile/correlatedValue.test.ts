import { describe, expect, it } from 'vitest';
import { identifier, integerLiteral, sql } from '../sql/sql.js';
import { correlatedValue } from './correlatedValue.js';

describe('correlatedValue', () => {
  it('finds a value bound inside a correlated subquery, at any depth, and none outside', () => {
    const limit = sql`(SELECT x FROM ${identifier('posts')} LIMIT ${5})`;
    const literal = sql`(SELECT x FROM ${identifier('posts')} LIMIT ${integerLiteral(100)})`;
    const root = (nested: ReturnType<typeof sql>) =>
      sql`SELECT ${sql`(${nested})`} FROM ${identifier('users')} WHERE id = ${42} LIMIT ${3}`;
    expect(correlatedValue(root(limit), new Set([limit]))).toBe(true);
    expect(correlatedValue(root(literal), new Set([literal]))).toBe(false);
    // Nothing marked: the root's own values do not count.
    expect(correlatedValue(root(limit), new Set())).toBe(false);
    // Marked deeper than where the value is: not inside it.
    const inner = sql`(SELECT 1)`;
    const outer = sql`(SELECT ${inner}, ${7})`;
    expect(correlatedValue(root(outer), new Set([inner]))).toBe(false);
    expect(correlatedValue(root(outer), new Set([outer]))).toBe(true);
  });
});
