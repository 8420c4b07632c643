import {
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLObjectType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  type GraphQLIsTypeOfFn,
  type GraphQLTypeResolver,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS } from '../support/expectSameAsGraphQLJS.js';
import { infoSummary } from '../support/infoSummary.js';
import { failLater, later } from '../support/timing.js';

// Spec §6.4.3 ResolveAbstractType: resolveType (or graphql-js's default: `__typename`, then each
// possible type's isTypeOf), and the checks graphql-js makes on what it returns.
type Pet = { kind: string; name: string };
type Hooks = {
  resolveType?: GraphQLTypeResolver<Pet, unknown[]>;
  isTypeOf?: (typeName: string) => GraphQLIsTypeOfFn<Pet, unknown[]> | undefined;
};

function petSchema(hooks: Hooks) {
  const Named = new GraphQLInterfaceType({
    name: 'Named',
    fields: { name: { type: GraphQLString } },
    ...(hooks.resolveType ? { resolveType: hooks.resolveType } : {}),
  });
  const pet = (name: string, extra: string) =>
    new GraphQLObjectType<Pet, unknown[]>({
      name,
      interfaces: [Named],
      fields: {
        name: { type: GraphQLString },
        [extra]: { type: GraphQLString, resolve: () => extra },
      },
      ...(hooks.isTypeOf?.(name) ? { isTypeOf: hooks.isTypeOf(name) } : {}),
    });
  const Dog = pet('Dog', 'bark');
  const Cat = pet('Cat', 'meow');
  const Stray = new GraphQLObjectType({ name: 'Stray', fields: { name: { type: GraphQLString } } });
  const Pets = new GraphQLUnionType({
    name: 'Pets',
    types: [Dog, Cat],
    ...(hooks.resolveType ? { resolveType: hooks.resolveType } : {}),
  });
  return new GraphQLSchema({
    types: [Stray],
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        named: { type: new GraphQLList(Named) },
        pets: { type: new GraphQLList(Pets) },
        dog: { type: Dog },
      },
    }),
  });
}

const pets: Pet[] = [
  { kind: 'Dog', name: 'Rex' },
  { kind: 'Cat', name: 'Tom' },
];
const query = `{
  named { __typename name ... on Dog { bark } ... on Cat { meow } }
  pets { __typename ... on Named { name } ... on Cat { meow } }
}`;

describe('abstract types', () => {
  it('resolves through resolveType, sync and async, handing it value, context, info, type', async () => {
    const logged: GraphQLTypeResolver<Pet, unknown[]> = (value, log, info, type) => {
      log.push(value.name, type.name, infoSummary(info));
      return value.kind;
    };
    await expectSameAsGraphQLJS((log) => ({
      schema: petSchema({ resolveType: logged }),
      rootValue: { named: pets, pets },
      contextValue: log,
      query,
    }));
    await expectSameAsGraphQLJS({
      schema: petSchema({
        resolveType: (value) => later(value.kind === 'Dog' ? 2 : 1, value.kind),
      }),
      rootValue: { named: pets, pets },
      query,
    });
  });

  it('reports every wrong answer of resolveType with graphql-js messages', async () => {
    const answers: Record<string, unknown> = {
      Dog: 'Stray', // an object type that is not a possible type
      Cat: 'String', // not an object type
      Ghost: 'Ghost', // no such type
      Nothing: undefined,
      Number: 42,
      TypeObject: new GraphQLObjectType({ name: 'Dog', fields: {} }),
      Throws: 'throw',
      Rejects: 'reject',
    };
    const report = await expectSameAsGraphQLJS({
      schema: petSchema({
        resolveType: (value) => {
          const answer = answers[value.kind];
          if (answer === 'throw') throw new Error('resolveType threw');
          if (answer === 'reject') return failLater(1, new Error('resolveType rejected'));
          return answer as string;
        },
      }),
      rootValue: {
        named: Object.keys(answers).map((kind) => ({ kind, name: kind })),
        pets: [{ kind: 'Ghost', name: 'g' }],
      },
      query,
    });
    expect(report.result?.errors).toHaveLength(9);
  });

  it('falls back to __typename on the value, then to isTypeOf, sync and async', async () => {
    await expectSameAsGraphQLJS({
      schema: petSchema({}),
      rootValue: {
        named: [{ __typename: 'Cat', name: 'T' }],
        pets: [{ __typename: 'Dog', name: 'R' }],
      },
      query,
    });
    await expectSameAsGraphQLJS((log) => ({
      schema: petSchema({
        isTypeOf: (type) => (value, context) => {
          context.push(`${type}? ${value.name}`);
          return value.kind === type;
        },
      }),
      rootValue: { named: pets, pets },
      contextValue: log,
      query,
    }));
    await expectSameAsGraphQLJS({
      schema: petSchema({
        isTypeOf: (type) => (value) => later(type === 'Dog' ? 2 : 1, value.kind === type),
      }),
      rootValue: { named: pets, pets: [...pets].reverse() },
      query,
    });
  });

  it('mixes sync and async isTypeOf (a sync match wins over pending promises)', async () => {
    await expectSameAsGraphQLJS({
      schema: petSchema({
        isTypeOf: (type) =>
          type === 'Dog'
            ? (value) => later(1, value.kind === 'Dog')
            : (value) => value.kind === 'Cat',
      }),
      rootValue: { named: pets, pets },
      query,
    });
  });

  it('reports no matching type, an isTypeOf that throws, and isTypeOf false on a concrete field', async () => {
    await expectSameAsGraphQLJS({
      schema: petSchema({ isTypeOf: () => () => false }),
      rootValue: { named: pets, pets: [] },
      query,
    });
    await expectSameAsGraphQLJS({
      schema: petSchema({
        isTypeOf: (type) => (value) => {
          if (value.kind === 'Cat') throw new Error(`isTypeOf ${type} threw`);
          return value.kind === type;
        },
      }),
      rootValue: { named: pets, pets },
      query,
    });
    await expectSameAsGraphQLJS({
      schema: petSchema({ isTypeOf: (type) => (value) => later(1, value.kind === type) }),
      rootValue: { dog: { kind: 'Cat', name: 'Tom' } },
      query: '{ dog { name } }',
    });
    await expectSameAsGraphQLJS({
      schema: petSchema({ isTypeOf: (type) => (value) => value.kind === type }),
      rootValue: { dog: { kind: 'Cat', name: 'Tom' } },
      query: '{ dog { __typename } }',
    });
  });

  it("runs the object type's field resolver, never the interface's", async () => {
    const Shape = new GraphQLInterfaceType({
      name: 'Shape',
      fields: { label: { type: GraphQLString, resolve: () => 'interface resolver (ignored)' } },
      resolveType: () => 'Square',
    });
    const Square = new GraphQLObjectType({
      name: 'Square',
      interfaces: [Shape],
      fields: { label: { type: GraphQLString } },
    });
    const schema = new GraphQLSchema({
      types: [Square],
      query: new GraphQLObjectType({ name: 'Query', fields: { shape: { type: Shape } } }),
    });
    await expectSameAsGraphQLJS({
      schema,
      rootValue: { shape: { label: 'own property' } },
      query: '{ shape { label ... on Square { again: label } } }',
    });
  });
});
