import { describe, expect, it } from 'vitest';
import { formatSql } from './formatSql.js';

describe('formatSql', () => {
  it('breaks lines at subqueries and clauses, leaving quoted text alone', () => {
    const text = `SELECT (SELECT "a" AS " FROM " FROM "t" AS "t1" WHERE "t1"."x" = ' WHERE ' ORDER BY "t1"."id" ASC LIMIT $1)::text AS "f"`;
    expect(formatSql(text)).toBe(
      [
        'SELECT (',
        '  SELECT "a" AS " FROM "',
        '  FROM "t" AS "t1"',
        `  WHERE "t1"."x" = ' WHERE '`,
        '  ORDER BY "t1"."id" ASC',
        '  LIMIT $1)::text AS "f"',
      ].join('\n'),
    );
  });

  it('changes only whitespace', () => {
    const text = `SELECT (SELECT coalesce(json_agg("s2"), '[]') FROM (SELECT "t1"."id" AS "id" FROM "public"."users" AS "t1" ORDER BY "t1"."id" ASC) AS "s2")::text AS "users"`;
    expect(formatSql(text).replace(/\s+/g, '')).toBe(text.replace(/\s+/g, ''));
  });
});
