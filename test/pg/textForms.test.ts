import { beforeAll, describe, expect, it } from 'vitest';
import { formatSql } from '../../src/pg/sql/formatSql.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { runOperation } from './support/runOperation.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * Types without a JSON form of their own are written as their output function writes them, as
 * psql shows them: `inet` `10.0.0.1` (its cast to text would give `10.0.0.1/32`), arrays element
 * by element, NULL as null.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TYPE pair AS (a int, b text);
    CREATE TABLE hosts (
      id int PRIMARY KEY,
      addr inet,
      net cidr,
      mask inet,
      took interval,
      raw bytea,
      p pair,
      addrs inet[]
    );
    INSERT INTO hosts VALUES
      (1, '10.0.0.1', '10.0.0.0/8', '192.168.1.5/24', '1 day 02:00:00', '\\x0102', '(1,x)',
       ARRAY['10.0.0.1', NULL, '::1/128', '10.1.0.0/16']::inet[]),
      (2, NULL, NULL, NULL, NULL, NULL, '(,)', NULL);
  `);
});
let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client);
});

describe('text forms', () => {
  it("are the output function's, in one statement", async () => {
    const run = await runOperation(
      reflection.schema,
      '{ hosts { addr net mask took raw p addrs } host(id: 1) { addr } }',
    );
    expect(JSON.parse(run.body)).toEqual({
      data: {
        hosts: [
          {
            addr: '10.0.0.1',
            net: '10.0.0.0/8',
            mask: '192.168.1.5/24',
            took: '1 day 02:00:00',
            raw: '\\x0102',
            p: '(1,x)',
            addrs: ['10.0.0.1', null, '::1', '10.1.0.0/16'],
          },
          { addr: null, net: null, mask: null, took: null, raw: null, p: '(,)', addrs: null },
        ],
        host: { addr: '10.0.0.1' },
      },
    });
    expect(formatSql(run.sql)).toContain(
      'SELECT "pg_catalog"."inet_out"("t1"."addr")::text AS "addr", "pg_catalog"."cidr_out"("t1"."net")::text AS "net"',
    );
    expect(formatSql(run.sql)).toContain(
      [
        `CASE WHEN "t1"."addrs" IS NULL THEN NULL ELSE (`,
        `      SELECT coalesce(array_agg("pg_catalog"."inet_out"(x.e)::text`,
        `          ORDER BY x.o), '{}')`,
        `      FROM (`,
        `        SELECT unnest("t1"."addrs") AS e, generate_series(1, cardinality("t1"."addrs")) AS o) AS x) END AS "addrs"`,
      ].join('\n'),
    );
  });

  const ids = async (where: string) => {
    const run = await runOperation(reflection.schema, `{ hosts(where: ${where}) { id } }`);
    const body = JSON.parse(run.body) as {
      data?: { hosts: Array<{ id: number }> };
      errors?: unknown;
    };
    expect(body.errors).toBeUndefined();
    return body.data?.hosts.map((h) => h.id);
  };

  it('like and ilike match the text the response shows', async () => {
    expect(await ids('{ addr: { like: "10.0.%" } }')).toEqual([1]);
    expect(await ids('{ addr: { like: "%/32" } }')).toEqual([]);
    expect(await ids('{ mask: { like: "%.5/24" } }')).toEqual([1]);
    expect(await ids('{ took: { ilike: "1 DAY%" } }')).toEqual([1]);
    expect(await ids('{ raw: { like: "_x0102" } }')).toEqual([1]);
    expect(await ids('{ p: { like: "(1,%" } }')).toEqual([1]);
    expect(await ids('{ not: { addr: { like: "10.%" } } }')).toEqual([]);
  });

  it('isNull on a composite: a row of NULL fields is a value, as the response shows it', async () => {
    expect(await ids('{ p: { isNull: true } }')).toEqual([]);
    expect(await ids('{ p: { isNull: false } }')).toEqual([1, 2]);
    expect(await ids('{ addr: { isNull: true } }')).toEqual([2]);
    // Other types keep IS NULL, which an index serves.
    const run = await runOperation(
      reflection.schema,
      '{ hosts(where: { addr: { isNull: true } }) { id } }',
    );
    expect(run.sql).toContain('("t1"."addr" IS NULL) = $1');
  });
});
