import {
  GraphQLEnumType,
  GraphQLID,
  GraphQLInt,
  GraphQLInterfaceType,
  GraphQLList,
  GraphQLNonNull,
  GraphQLObjectType,
  GraphQLScalarType,
  GraphQLSchema,
  GraphQLString,
  GraphQLUnionType,
  Kind,
  type GraphQLFieldConfigMap,
} from 'graphql';

// One schema written twice: as SDL plus a resolver map for `makeSchema`, and code-first with
// graphql-js's constructors (the oracle). The same behaviour must come out of both.

export const accountsSDL = /* GraphQL */ `
  scalar Instant
  scalar Money
  enum Role {
    ADMIN
    USER
    GUEST
  }
  interface Account {
    id: ID!
    role: Role
  }
  type Person implements Account {
    id: ID!
    role: Role
    name: String
    born: Instant
  }
  type Robot implements Account {
    id: ID!
    role: Role
    model: String
  }
  union Entity = Person | Robot
  type Query {
    accounts(role: Role): [Account]
    entities: [Entity]
    echo(at: Instant): Instant
    price: Money
    roles: [Role]
  }
  type Mutation {
    setRole(id: ID!, role: Role!): Account
  }
  type Subscription {
    ticks(from: Int = 0): Int
  }
`;

export interface Row {
  id: string;
  role: string;
  name?: string;
  born?: Date;
  model?: string;
}

export function accountRows(): Row[] {
  return [
    { id: '1', role: 'admin', name: 'Ada', born: new Date(Date.UTC(1815, 11, 10)) },
    { id: '2', role: 'user', model: 'R2' },
    // Not a Date: Instant's serialize throws for it.
    { id: '3', role: 'guest', name: 'Bo', born: 'yesterday' as unknown as Date },
    { id: '4', role: 'nobody', name: 'Cy' },
  ];
}

type Args = Record<string, unknown>;
type Context = { rows: Row[] };

/** The behaviour both schemas share; each wires it in its own way. */
export const behaviour = {
  accounts: (_: unknown, { role }: Args, { rows }: Context) =>
    rows.filter((r) => role === undefined || r.role === role),
  entities: (_: unknown, _args: Args, { rows }: Context) => rows,
  echo: (_: unknown, { at }: Args) => at,
  price: () => 123456,
  roles: () => ['guest', 'admin', 'robot'],
  setRole: (_: unknown, { id, role }: Args, { rows }: Context) => {
    const row = rows.find((r) => r.id === id);
    if (row) row.role = role as string;
    return row;
  },
  ticksSubscribe: async function* (_: unknown, { from }: Args) {
    for (let n = from as number; n < (from as number) + 3; n += 1) yield n;
  },
  ticksResolve: (n: unknown) => (n as number) * 10,
  personName: (row: Row) => row.name?.toUpperCase(),
  accountType: (row: Row) => (row.model ? 'Robot' : 'Person'),
  isPerson: (row: Row) => row.model === undefined,
  isRobot: (row: Row) => row.model !== undefined,
};

export const instantConfig = {
  name: 'Instant',
  serialize: (value: unknown) => {
    if (!(value instanceof Date)) throw new TypeError('Instant: not a Date');
    return value.toISOString();
  },
  parseValue: (value: unknown) => new Date(String(value)),
  parseLiteral: (node: { kind: string; value?: string }) => {
    if (node.kind !== Kind.STRING) throw new TypeError('Instant: not a string literal');
    return new Date(String(node.value));
  },
};

export const moneySerialize = (cents: unknown) => `$${((cents as number) / 100).toFixed(2)}`;

export const roleValues = { ADMIN: 'admin', USER: 'user', GUEST: 'guest' };

/** The oracle: the same schema built with graphql-js's constructors. */
export function accountsOracle(): GraphQLSchema {
  const Instant = new GraphQLScalarType(instantConfig as never);
  const Money = new GraphQLScalarType({ name: 'Money', serialize: moneySerialize });
  const Role = new GraphQLEnumType({
    name: 'Role',
    values: Object.fromEntries(Object.entries(roleValues).map(([k, value]) => [k, { value }])),
  });
  const common = { id: { type: new GraphQLNonNull(GraphQLID) }, role: { type: Role } };
  const Account = new GraphQLInterfaceType({
    name: 'Account',
    fields: common,
    resolveType: behaviour.accountType,
  });
  const Person = new GraphQLObjectType<Row, Context>({
    name: 'Person',
    interfaces: [Account],
    isTypeOf: behaviour.isPerson,
    fields: {
      ...common,
      name: { type: GraphQLString, resolve: behaviour.personName },
      born: { type: Instant },
    },
  });
  const Robot = new GraphQLObjectType<Row, Context>({
    name: 'Robot',
    interfaces: [Account],
    isTypeOf: behaviour.isRobot,
    fields: { ...common, model: { type: GraphQLString } },
  });
  const Entity = new GraphQLUnionType({ name: 'Entity', types: [Person, Robot] });
  const field = (type: unknown, resolve: unknown, args?: unknown) => ({ type, resolve, args });
  return new GraphQLSchema({
    query: new GraphQLObjectType({
      name: 'Query',
      fields: {
        accounts: field(new GraphQLList(Account), behaviour.accounts, { role: { type: Role } }),
        entities: field(new GraphQLList(Entity), behaviour.entities),
        echo: field(Instant, behaviour.echo, { at: { type: Instant } }),
        price: field(Money, behaviour.price),
        roles: field(new GraphQLList(Role), behaviour.roles),
      } as GraphQLFieldConfigMap<unknown, unknown>,
    }),
    mutation: new GraphQLObjectType({
      name: 'Mutation',
      fields: {
        setRole: field(Account, behaviour.setRole, {
          id: { type: new GraphQLNonNull(GraphQLID) },
          role: { type: new GraphQLNonNull(Role) },
        }),
      } as GraphQLFieldConfigMap<unknown, unknown>,
    }),
    subscription: new GraphQLObjectType({
      name: 'Subscription',
      fields: {
        ticks: {
          type: GraphQLInt,
          args: { from: { type: GraphQLInt, defaultValue: 0 } },
          subscribe: behaviour.ticksSubscribe,
          resolve: behaviour.ticksResolve,
        },
      },
    }),
  });
}
