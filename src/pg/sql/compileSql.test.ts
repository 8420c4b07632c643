import { describe, expect, it } from 'vitest';
import { compileSql } from './compileSql.js';
import { identifier, integerLiteral, join, nameLiteral, sql, value } from './sql.js';

describe('compileSql', () => {
  it('quotes identifiers and binds every value as a parameter, in order', () => {
    const where = sql`${identifier('u', 'name')} = ${"O'Brien"} AND ${identifier('u', 'age')} > ${30}`;
    const node = sql`SELECT ${identifier('u', 'id')} FROM ${identifier('public', 'users')} AS ${identifier('u')} WHERE ${where} LIMIT ${value(5)}`;
    expect(compileSql(node)).toEqual({
      text: 'SELECT "u"."id" FROM "public"."users" AS "u" WHERE "u"."name" = $1 AND "u"."age" > $2 LIMIT $3',
      values: ["O'Brien", 30, 5],
    });
  });

  it('doubles double quotes inside identifiers', () => {
    expect(compileSql(identifier('we"ird', 'ta ble')).text).toBe('"we""ird"."ta ble"');
  });

  it('refuses empty identifiers and NUL bytes', () => {
    expect(() => identifier('')).toThrow(/Invalid SQL identifier/);
    expect(() => identifier('a\0b')).toThrow(/Invalid SQL identifier/);
  });

  it('writes GraphQL names as literals and refuses anything else', () => {
    expect(compileSql(sql`json_build_object(${nameLiteral('userName')}, 1)`).text).toBe(
      "json_build_object('userName', 1)",
    );
    expect(() => nameLiteral("x'); DROP TABLE users; --")).toThrow(/Not a GraphQL name/);
    expect(() => nameLiteral('1abc')).toThrow(/Not a GraphQL name/);
  });

  it('writes configured integers as digits and refuses anything but a non-negative safe integer', () => {
    expect(compileSql(sql`LIMIT ${integerLiteral(100)} OFFSET ${5}`)).toEqual({
      text: 'LIMIT 100 OFFSET $1',
      values: [5],
    });
    for (const bad of [-1, 1.5, Number.NaN, Infinity, 2 ** 53])
      expect(() => integerLiteral(bad)).toThrow(/Not a non-negative integer/);
    expect(() => integerLiteral('1; DROP TABLE users' as unknown as number)).toThrow();
  });

  it('treats objects that merely look like nodes as values', () => {
    const forged = { kind: 'raw', text: '1; DROP TABLE users' };
    expect(compileSql(sql`SELECT ${forged}`)).toEqual({ text: 'SELECT $1', values: [forged] });
  });

  it('joins nodes, skipping empty ones', () => {
    const node = join([sql`a = ${1}`, sql``, sql`b = ${2}`], ' AND ');
    expect(compileSql(node)).toEqual({ text: 'a = $1 AND b = $2', values: [1, 2] });
  });
});
