import { isEnumType, isObjectType, validateSchema, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { reflect } from '../../../src/pg/reflect.js';
import { engineRequester, type ResponseBody } from '../support/engineRequest.js';
import { useTestDatabase } from '../support/testDatabase.js';

/**
 * Columns and constraints whose database names give one enum value name (`a_b` and `aB` both
 * give `A_B`): each keeps a member of `<Type>Column`, `<Type>UniqueConstraint` and
 * `<Type>OrderableColumn`, the later one with a numeric suffix, and an upsert can name either.
 */
const db = useTestDatabase((client) =>
  client.exec(`
CREATE TABLE cells (
  id int PRIMARY KEY,
  a_b int,
  "aB" int,
  CONSTRAINT cells_a_b_key UNIQUE (a_b),
  CONSTRAINT "cells_aB_key" UNIQUE ("aB")
);
INSERT INTO cells VALUES (1, 10, 100), (2, 20, 200);
`),
);
let schema: GraphQLSchema;
let run: (query: string, variables?: Record<string, unknown>) => Promise<ResponseBody>;
beforeAll(async () => {
  schema = (await reflect(db.client)).schema;
  run = engineRequester(schema);
});

const members = (name: string) => {
  const type = schema.getType(name);
  if (!isEnumType(type)) throw new Error(`no enum ${name}`);
  return type.getValues().map((value) => value.name);
};

describe('enum values whose constant names collide', () => {
  it('keep a member for every column and constraint', () => {
    expect(validateSchema(schema)).toEqual([]);
    expect(members('CellColumn')).toEqual(['ID', 'A_B', 'A_B2']);
    expect(members('CellOrderableColumn')).toEqual(['ID', 'A_B', 'A_B2']);
    // Constraints in the catalog's order, by name: "cells_aB_key" sorts before cells_a_b_key.
    const constraints = schema.getType('CellUniqueConstraint');
    if (!isEnumType(constraints)) throw new Error('no CellUniqueConstraint');
    expect(constraints.getValues().map((value) => [value.name, value.description])).toEqual([
      ['CELLS_PKEY', 'cells_pkey'],
      ['CELLS_A_B_KEY', 'cells_aB_key'],
      ['CELLS_A_B_KEY2', 'cells_a_b_key'],
    ]);
  });

  it('write the column each member names, through either constraint', async () => {
    const cell = schema.getType('Cell');
    if (!isObjectType(cell)) throw new Error('no Cell');
    expect(Object.keys(cell.getFields())).toEqual(['id', 'aB', 'aB2']);
    // Row 2's "aB" conflicts: only "aB" is updated; then row 1's a_b conflicts: only a_b is.
    expect(
      await run(`mutation {
        byCamel: createCells(
          input: [{ id: 3, aB: 30, aB2: 200 }]
          onConflict: { constraint: CELLS_A_B_KEY, update: [A_B2] }
        ) { id aB aB2 }
        bySnake: createCells(
          input: [{ id: 4, aB: 10, aB2: 400 }]
          onConflict: { columns: [A_B], update: [A_B] }
        ) { id aB aB2 }
      }`),
    ).toEqual({
      data: {
        byCamel: [{ id: 2, aB: 20, aB2: 200 }],
        bySnake: [{ id: 1, aB: 10, aB2: 100 }],
      },
    });
    expect(
      await run(`{ cellsAggregate { groups(groupBy: [A_B2]) { keys { aB2 } count } } }`),
    ).toEqual({
      data: {
        cellsAggregate: {
          groups: [
            { keys: { aB2: 100 }, count: 1 },
            { keys: { aB2: 200 }, count: 1 },
          ],
        },
      },
    });
  });
});
