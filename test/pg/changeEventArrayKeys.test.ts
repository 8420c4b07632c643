import type { GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import { useChangeEventsDatabase } from './support/changeEventsDatabase.js';
import { nextBody, subscribeTo, type Stream } from './support/subscriptionStream.js';

/**
 * Change events of tables keyed by array columns: the notification carries the key as JSON (an
 * array), the event statement reads it back as the column's array type, and a deleted event's key
 * has the column's own type (`[Int]!`). Keys of other types the notification writes as text (a
 * uuid, a numeric, a timestamptz) still find their row.
 */
const { db, engine, changes } = useChangeEventsDatabase(`
    CREATE TABLE racks (slots int[] PRIMARY KEY, label text);
    CREATE TABLE trays (codes text[], n int, label text, PRIMARY KEY (codes, n));
    CREATE DOMAIN posint AS int CHECK (VALUE > 0);
    CREATE TYPE mood AS ENUM ('happy', 'so so');
    CREATE TABLE bins (sizes posint[], moods mood[], days date[], label text,
                       PRIMARY KEY (sizes, moods, days));
    CREATE TABLE parts (id uuid, size numeric, made timestamptz, label text,
                        PRIMARY KEY (id, size, made));
  `);

async function subscribe(query: string): Promise<Stream> {
  const stream = await subscribeTo(engine(), query);
  await changes()?.listening;
  return stream;
}

/** The body of the one event `write` makes `stream` deliver; the stream is closed. */
async function eventOf(stream: Stream, write: string): Promise<unknown> {
  const pending = nextBody(stream, 5000);
  await db.client.exec(write);
  const body = await pending;
  await stream.return();
  return JSON.parse(body) as unknown;
}

describe('change events of a table keyed by an array', () => {
  it('gives the deleted key the array type of the column', () => {
    const type = (name: string) => engine().schema.getType(name) as GraphQLObjectType;
    expect(String(type('RackKey').getFields()['slots']?.type)).toBe('[Int]!');
    expect(String(type('Rack').getFields()['slots']?.type)).toBe('[Int]!');
    const tray = type('TrayKey').getFields();
    expect([String(tray['codes']?.type), String(tray['n']?.type)]).toEqual(['[String]!', 'Int!']);
  });

  it('delivers a created row', async () => {
    const created = await subscribe('subscription { rackCreated { slots label } }');
    expect(
      await eventOf(created, "INSERT INTO racks VALUES ('{1,2,NULL}', 'first'), ('{}', 'empty')"),
    ).toEqual({ data: { rackCreated: { slots: [1, 2, null], label: 'first' } } });
  });

  it('delivers an updated row that matches where', async () => {
    await db.client.exec("INSERT INTO racks VALUES ('{7,8}', 'old')");
    const updated = await subscribe(
      'subscription { rackUpdated(where: { label: { eq: "new" } }) { slots label } }',
    );
    expect(await eventOf(updated, "UPDATE racks SET label = 'new' WHERE slots = '{7,8}'")).toEqual({
      data: { rackUpdated: { slots: [7, 8], label: 'new' } },
    });
  });

  it('delivers a deleted key', async () => {
    await db.client.exec("INSERT INTO racks VALUES ('{3,NULL}', 'gone')");
    const deleted = await subscribe('subscription { rackDeleted { slots __typename } }');
    expect(await eventOf(deleted, "DELETE FROM racks WHERE slots = '{3,NULL}'")).toEqual({
      data: { rackDeleted: { slots: [3, null], __typename: 'RackKey' } },
    });
  });

  it('delivers rows keyed by text arrays whose elements need quoting, with another column', async () => {
    const created = await subscribe('subscription { trayCreated { codes n label } }');
    expect(
      await eventOf(
        created,
        `INSERT INTO trays VALUES (ARRAY['a,b', 'say "hi"', 'back\\slash', NULL, '{}'], 1, 'odd')`,
      ),
    ).toEqual({
      data: {
        trayCreated: {
          codes: ['a,b', 'say "hi"', 'back\\slash', null, '{}'],
          n: 1,
          label: 'odd',
        },
      },
    });
    const deleted = await subscribe('subscription { trayDeleted { codes n } }');
    expect(await eventOf(deleted, 'DELETE FROM trays WHERE n = 1')).toEqual({
      data: { trayDeleted: { codes: ['a,b', 'say "hi"', 'back\\slash', null, '{}'], n: 1 } },
    });
  });

  it('delivers rows keyed by arrays of a domain, an enum and dates', async () => {
    const key = { sizes: [3, 1], moods: ['happy', 'SO_SO'], days: ['2024-02-29', null] };
    const created = await subscribe('subscription { binCreated { sizes moods days label } }');
    const insert =
      "INSERT INTO bins VALUES ('{3,1}', '{happy,\"so so\"}', '{2024-02-29,NULL}', 'b')";
    expect(await eventOf(created, insert)).toEqual({
      data: { binCreated: { ...key, label: 'b' } },
    });
    const deleted = await subscribe('subscription { binDeleted { sizes moods days } }');
    expect(await eventOf(deleted, 'DELETE FROM bins')).toEqual({ data: { binDeleted: key } });
  });
});

describe('change events of a key written as text', () => {
  it('delivers rows keyed by a uuid, a numeric and a timestamptz', async () => {
    const id = '5f1c0e58-2f6a-4a56-9a38-5e0b7d2f4c11';
    const created = await subscribe('subscription { partCreated { id size label } }');
    expect(
      await eventOf(
        created,
        `INSERT INTO parts VALUES ('${id}', 12345678901234567.125, '2024-02-03 04:05:06.789+00', 'bolt')`,
      ),
    ).toEqual({ data: { partCreated: { id, size: '12345678901234567.125', label: 'bolt' } } });
    const updated = await subscribe('subscription { partUpdated { label } }');
    expect(await eventOf(updated, "UPDATE parts SET label = 'nut'")).toEqual({
      data: { partUpdated: { label: 'nut' } },
    });
    const deleted = await subscribe('subscription { partDeleted { id size } }');
    expect(await eventOf(deleted, 'DELETE FROM parts')).toEqual({
      data: { partDeleted: { id, size: '12345678901234567.125' } },
    });
  });
});
