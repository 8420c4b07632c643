import { beforeAll, describe, expect, it } from 'vitest';
import { createEngine } from '../../src/engine/index.js';
import { reflect, type Reflection } from '../../src/pg/reflect.js';
import { reflectedRunners } from './support/reflectedRun.js';
import { useTestDatabase } from './support/testDatabase.js';

/**
 * A computed field whose type is a reflected type (docs/pg.md, "Computed fields"): its resolver
 * returns objects whose fields graphql-js's default resolver would read by field name, so an alias
 * in the selection beneath it reads the same value as the field's own name.
 */
const db = useTestDatabase(async (client) => {
  await client.exec(`
    CREATE TABLE owners (id int PRIMARY KEY, full_name text NOT NULL);
    CREATE TABLE items (id int PRIMARY KEY, owner_id int NOT NULL REFERENCES owners (id));
    INSERT INTO owners VALUES (1, 'ann'), (2, 'bob');
    INSERT INTO items VALUES (1, 1), (2, 2);
  `);
});
/** An object as a resolver may return it: a field read through a getter of its class. */
class Ghost {
  constructor(readonly id: number) {}
  get fullName(): string {
    return `ghost ${this.id}`;
  }
}

let reflection: Reflection;
beforeAll(async () => {
  reflection = await reflect(db.client, {
    computed: {
      items: {
        ghost: {
          type: 'Owner',
          needs: ['owner_id'],
          resolve: (row) => new Ghost(Number(row['owner_id'])),
        },
        ghosts: {
          type: '[Owner!]!',
          needs: ['owner_id'],
          resolve: async (row) => [{ id: 10 + Number(row['owner_id']), fullName: 'twin' }],
        },
      },
    },
  });
});

const { data } = reflectedRunners(() => reflection.schema);

const QUERY = `{
  items {
    id
    ghost { id fullName name: fullName key: id id2: id }
    ghosts { i: id id: fullName }
  }
}`;

const EXPECTED = {
  items: [
    {
      id: 1,
      ghost: { id: 1, fullName: 'ghost 1', name: 'ghost 1', key: 1, id2: 1 },
      ghosts: [{ i: 11, id: 'twin' }],
    },
    {
      id: 2,
      ghost: { id: 2, fullName: 'ghost 2', name: 'ghost 2', key: 2, id2: 2 },
      ghosts: [{ i: 12, id: 'twin' }],
    },
  ],
};

describe('computed fields of a reflected type', () => {
  it('reads the fields of the objects a resolver returns by field name, under any alias', async () => {
    expect((await data(QUERY)).data).toEqual(EXPECTED);
  });

  it('answers the same through the engine', async () => {
    const prepared = createEngine({ schema: reflection.schema }).prepare(QUERY);
    if (!prepared.ok) throw new Error(prepared.body);
    const outcome = await prepared.execute({ variables: {} });
    expect(JSON.parse(outcome.body)).toEqual({ data: EXPECTED });
  });

  it('still reads the rows of the statement by response key beside them', async () => {
    const { data: result } = await data('{ items { n: id ghost { id } owner { who: fullName } } }');
    expect(result).toEqual({
      items: [
        { n: 1, ghost: { id: 1 }, owner: { who: 'ann' } },
        { n: 2, ghost: { id: 2 }, owner: { who: 'bob' } },
      ],
    });
  });
});
