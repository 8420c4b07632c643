// The ORM-style server: Mercurius (fastify, graphql-jit on) with per-row resolvers — what most
// Node applications do. A create or upsert runs in one transaction with one INSERT per row
// (parents first, each child given its parent's RETURNING id); the graph returned is then read by
// DataLoader resolvers, one batched SELECT per level. The schema is the subset of Sluice's
// reflected one that the benchmark's documents use, with the same names.
import DataLoader from 'dataloader';
import Fastify from 'fastify';
import { GraphQLScalarType } from 'graphql';
import mercurius from 'mercurius';
import { postgresPool, runContender, settings } from '../../pg/servers/child.js';

const schema = `
  scalar UUID
  scalar BigFloat
  scalar Date
  scalar Datetime
  type Query { customers(limit: Int = 100): [Customer!]! }
  type Mutation {
    createCustomers(input: [CustomerInput!]!, onConflict: CustomerOnConflict): [Customer!]!
  }
  type Customer {
    id: Int! businessKey: UUID! name: String! status: String!
    bankingRelationships: [BankingRelationship!]!
  }
  type BankingRelationship {
    id: Int! businessKey: UUID! name: String! openedOn: Date! status: String!
    contracts: [Contract!]!
  }
  type Contract {
    id: Int! businessKey: UUID! product: String! amount: BigFloat! openedOn: Date!
    status: String! transactions: [Transaction!]!
  }
  type Transaction {
    id: Int! businessKey: UUID! amount: BigFloat! bookedAt: Datetime! description: String!
  }
  input CustomerInput {
    businessKey: UUID name: String! status: String
    bankingRelationships: [BankingRelationshipInput!]
  }
  input BankingRelationshipInput {
    businessKey: UUID name: String! openedOn: Date! status: String contracts: [ContractInput!]
  }
  input ContractInput {
    businessKey: UUID product: String! amount: BigFloat! openedOn: Date! status: String
    transactions: [TransactionInput!]
  }
  input TransactionInput {
    businessKey: UUID amount: BigFloat! bookedAt: Datetime! description: String!
  }
  enum CustomerUniqueConstraint { CUSTOMERS_PKEY CUSTOMERS_BUSINESS_KEY_KEY }
  enum CustomerColumn { ID BUSINESS_KEY NAME STATUS }
  input CustomerOnConflict {
    constraint: CustomerUniqueConstraint, columns: [CustomerColumn!], update: [CustomerColumn!]!
  }
`;

// What each level selects and how its input fields map to columns. Dates and amounts come back
// as text (as Sluice's Date and BigFloat); timestamps as Date objects, serialized below.
const LEVELS = {
  customers: {
    select: 'id, business_key AS "businessKey", name, status',
    inputs: { businessKey: 'business_key', name: 'name', status: 'status' },
  },
  banking_relationships: {
    select:
      'id, customer_id, business_key AS "businessKey", name, opened_on::text AS "openedOn", status',
    inputs: { businessKey: 'business_key', name: 'name', openedOn: 'opened_on', status: 'status' },
  },
  contracts: {
    select:
      'id, relationship_id, business_key AS "businessKey", product, amount::text AS amount, opened_on::text AS "openedOn", status',
    inputs: {
      businessKey: 'business_key',
      product: 'product',
      amount: 'amount',
      openedOn: 'opened_on',
      status: 'status',
    },
  },
  transactions: {
    select:
      'id, contract_id, business_key AS "businessKey", amount::text AS amount, booked_at AS "bookedAt", description',
    inputs: {
      businessKey: 'business_key',
      amount: 'amount',
      bookedAt: 'booked_at',
      description: 'description',
    },
  },
};
const CONSTRAINT_COLUMNS = { CUSTOMERS_PKEY: ['id'], CUSTOMERS_BUSINESS_KEY_KEY: ['business_key'] };
const COLUMNS = { ID: 'id', BUSINESS_KEY: 'business_key', NAME: 'name', STATUS: 'status' };

/** ISO 8601 as PostgreSQL writes a timestamptz in JSON (UTC: `2024-05-01T09:30:00+00:00`). */
const Datetime = new GraphQLScalarType({
  name: 'Datetime',
  serialize: (value) =>
    value instanceof Date ? value.toISOString().replace(/\.?0*Z$/, '+00:00') : String(value),
});

runContender(async () => {
  const { host, ...pool } = settings();
  const sql = postgresPool(pool, { TimeZone: 'UTC' });

  /** INSERT of one row of `table` with the input fields given (omitted ones take defaults). */
  function insertRow(tx, table, input, parent, onConflict) {
    const level = LEVELS[table];
    const row = parent ? { ...parent } : {};
    for (const [field, column] of Object.entries(level.inputs)) {
      if (input[field] !== undefined && input[field] !== null) row[column] = input[field];
    }
    if (!onConflict)
      return tx`INSERT INTO ${tx(table)} ${tx(row)} RETURNING ${tx.unsafe(level.select)}`;
    const target =
      onConflict.columns?.map((c) => COLUMNS[c]) ?? CONSTRAINT_COLUMNS[onConflict.constraint];
    const update = onConflict.update.map((c) => COLUMNS[c]);
    const set = update.map((c) => `${c} = EXCLUDED.${c}`).join(', ');
    const changed = update.map((c) => `${table}.${c} IS DISTINCT FROM EXCLUDED.${c}`).join(' OR ');
    return tx`INSERT INTO ${tx(table)} ${tx(row)}
      ON CONFLICT (${tx.unsafe(target.join(', '))}) DO UPDATE SET ${tx.unsafe(set)}
      WHERE ${tx.unsafe(changed)} RETURNING ${tx.unsafe(level.select)}`;
  }

  /** One INSERT per row, parents first, all in one transaction. */
  const createCustomers = (_root, { input, onConflict }) =>
    sql.begin(async (tx) => {
      const created = [];
      for (const customer of input) {
        let [row] = await insertRow(tx, 'customers', customer, undefined, onConflict);
        // An upsert that changed nothing returns no row: read the one that is there.
        row ??= (
          await tx`SELECT ${tx.unsafe(LEVELS.customers.select)} FROM customers
                   WHERE business_key = ${customer.businessKey}`
        )[0];
        created.push(row);
        for (const relationship of customer.bankingRelationships ?? []) {
          const [r] = await insertRow(tx, 'banking_relationships', relationship, {
            customer_id: row.id,
          });
          for (const contract of relationship.contracts ?? []) {
            const [k] = await insertRow(tx, 'contracts', contract, { relationship_id: r.id });
            for (const transaction of contract.transactions ?? []) {
              await insertRow(tx, 'transactions', transaction, { contract_id: k.id });
            }
          }
        }
      }
      return created;
    });

  /** A loader of the rows of `table` whose `column` is one of the keys, grouped by key. */
  const childLoader = (table, column) =>
    new DataLoader(async (keys) => {
      const rows = await sql`SELECT ${sql.unsafe(LEVELS[table].select)} FROM ${sql(table)}
                             WHERE ${sql(column)} = ANY(${keys}) ORDER BY id`;
      const byKey = new Map(keys.map((k) => [k, []]));
      for (const row of rows) byKey.get(row[column])?.push(row);
      return keys.map((k) => byKey.get(k));
    });

  const resolvers = {
    Datetime,
    Query: {
      customers: (_root, { limit }) =>
        sql`SELECT ${sql.unsafe(LEVELS.customers.select)} FROM customers ORDER BY id LIMIT ${limit}`,
    },
    Mutation: { createCustomers },
    Customer: {
      bankingRelationships: (c, _args, ctx) => ctx.loaders.relationships.load(c.id),
    },
    BankingRelationship: { contracts: (r, _args, ctx) => ctx.loaders.contracts.load(r.id) },
    Contract: { transactions: (k, _args, ctx) => ctx.loaders.transactions.load(k.id) },
  };

  const app = Fastify({ logger: false, bodyLimit: 16 * 1024 * 1024 });
  await app.register(mercurius, {
    schema,
    resolvers,
    // Compile each document with graphql-jit after its first use: Mercurius at its fastest.
    jit: 1,
    context: () => ({
      loaders: {
        relationships: childLoader('banking_relationships', 'customer_id'),
        contracts: childLoader('contracts', 'relationship_id'),
        transactions: childLoader('transactions', 'contract_id'),
      },
    }),
  });
  await app.listen({ port: 0, host });
  return app.server.address().port;
});
