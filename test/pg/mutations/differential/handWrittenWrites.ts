import { buildSchema, type GraphQLSchema } from 'graphql';
import type { SqlTransaction } from '../../../../src/pg/driver/SqlClient.js';

/**
 * The same mutations written by hand the way most Node apps do: graphql-js resolvers, one INSERT
 * per row in one transaction, nested fields read row by row. Over the schema `hand` (a copy of
 * the write schema), so the two implementations can run side by side in one database. Upserts
 * follow Sluice's documented rules: the last row of a key wins, rows are written in key order,
 * unchanged rows are not updated, every input row is returned.
 */
export const HAND_SDL = `
scalar BigFloat
enum Risk { low medium high }
enum CustomerColumn { EMAIL NAME VISITS }
type Query { ok: Boolean }
type Customer {
  id: Int!
  name: String!
  email: String
  visits: Int!
  balance: BigFloat!
  risk: Risk!
  bankingRelationships: [BankingRelationship!]!
  tags: [Tag!]!
}
type BankingRelationship { id: Int! kind: String! contracts: [Contract!]! }
type Contract { id: Int! title: String! transactions: [Transaction!]! }
type Transaction { id: Int! amount: BigFloat! }
type Tag { id: Int! name: String! }
input CustomerInput {
  name: String!
  email: String
  visits: Int
  bankingRelationships: [BankingRelationshipInput!]
  tags: [TagInput!]
}
input BankingRelationshipInput { kind: String! contracts: [ContractInput!] }
input ContractInput { title: String! transactions: [TransactionInput!] }
input TransactionInput { amount: BigFloat! }
input TagInput { name: String! }
input CustomerOnConflict { columns: [CustomerColumn!], update: [CustomerColumn!]! }
input StringFilter { eq: String }
input CustomerWhere { name: StringFilter, email: StringFilter }
input CustomerIncrement { visits: Int }
type Mutation {
  createCustomers(input: [CustomerInput!]!, onConflict: CustomerOnConflict): [Customer!]!
  updateCustomers(where: CustomerWhere!, increment: CustomerIncrement): [Customer!]!
  deleteCustomers(where: CustomerWhere!): [Customer!]!
}
`;

interface CustomerInput {
  name: string;
  email?: string | null;
  visits?: number | null;
  bankingRelationships?: Array<{
    kind: string;
    contracts?: Array<{ title: string; transactions?: Array<{ amount: string }> }>;
  }>;
  tags?: Array<{ name: string }>;
}

interface Where {
  name?: { eq?: string | null } | null;
  email?: { eq?: string | null } | null;
}

export function handWrittenSchema(): GraphQLSchema {
  return buildSchema(HAND_SDL);
}

const first = async (tx: SqlTransaction, text: string, values: unknown[]) =>
  (await tx.query(text, values))[0]?.[0];

/** A customer row as an object whose nested fields are resolved by their own queries. */
async function customer(tx: SqlTransaction, id: unknown, snapshot = false) {
  const [row] = await tx.query(
    'SELECT id, name, email, visits, balance::text, risk::text FROM hand.customers WHERE id = $1',
    [id],
  );
  if (!row) return null;
  const [, name, email, visits, balance, risk] = row;
  // A deleted row answers from what was read before the delete.
  const relationships = snapshot ? await bankingRelationships(tx, id) : undefined;
  const tags = snapshot ? await tagsOf(tx, id) : undefined;
  return {
    id,
    name,
    email,
    visits,
    balance,
    risk,
    bankingRelationships: () => relationships ?? bankingRelationships(tx, id),
    tags: () => tags ?? tagsOf(tx, id),
  };
}

async function bankingRelationships(tx: SqlTransaction, customerId: unknown) {
  const rows = await tx.query(
    'SELECT id, kind FROM hand.banking_relationships WHERE customer_id = $1 ORDER BY id',
    [customerId],
  );
  return Promise.all(
    rows.map(async ([id, kind]) => {
      const contracts = await tx.query(
        'SELECT id, title FROM hand.contracts WHERE banking_relationship_id = $1 ORDER BY id',
        [id],
      );
      return {
        id,
        kind,
        contracts: await Promise.all(
          contracts.map(async ([contractId, title]) => ({
            id: contractId,
            title,
            transactions: (
              await tx.query(
                'SELECT id, amount::text FROM hand.transactions WHERE contract_id = $1 ORDER BY id',
                [contractId],
              )
            ).map(([tid, amount]) => ({ id: tid, amount })),
          })),
        ),
      };
    }),
  );
}

async function tagsOf(tx: SqlTransaction, customerId: unknown) {
  const rows = await tx.query(
    'SELECT t.id, t.name FROM hand.tags t JOIN hand.customer_tags ct ON ct.tag_id = t.id WHERE ct.customer_id = $1 ORDER BY t.id',
    [customerId],
  );
  return rows.map(([id, name]) => ({ id, name }));
}

/** Inserts one customer's graph, row by row, parents before children. */
async function insertGraph(tx: SqlTransaction, customerId: unknown, input: CustomerInput) {
  for (const relationship of input.bankingRelationships ?? []) {
    const relationshipId = await first(
      tx,
      'INSERT INTO hand.banking_relationships (customer_id, kind) VALUES ($1, $2) RETURNING id',
      [customerId, relationship.kind],
    );
    for (const contract of relationship.contracts ?? []) {
      const contractId = await first(
        tx,
        'INSERT INTO hand.contracts (banking_relationship_id, title) VALUES ($1, $2) RETURNING id',
        [relationshipId, contract.title],
      );
      for (const transaction of contract.transactions ?? []) {
        await tx.query('INSERT INTO hand.transactions (contract_id, amount) VALUES ($1, $2)', [
          contractId,
          transaction.amount,
        ]);
      }
    }
  }
  for (const tag of input.tags ?? []) {
    const tagId = await first(tx, 'INSERT INTO hand.tags (name) VALUES ($1) RETURNING id', [
      tag.name,
    ]);
    await tx.query('INSERT INTO hand.customer_tags (customer_id, tag_id) VALUES ($1, $2)', [
      customerId,
      tagId,
    ]);
  }
}

function whereSql(where: Where): { text: string; values: unknown[] } {
  const parts: string[] = [];
  const values: unknown[] = [];
  if (where.name?.eq != null) parts.push(`name = $${values.push(where.name.eq)}`);
  if (where.email?.eq != null) parts.push(`email = $${values.push(where.email.eq)}`);
  return { text: parts.length > 0 ? parts.join(' AND ') : 'false', values };
}

/** The root value: the three mutations, each run in the caller's transaction (`tx`). */
export function handWrittenRoot(tx: SqlTransaction) {
  return {
    async createCustomers(args: {
      input: CustomerInput[];
      onConflict?: { columns?: string[]; update: string[] } | null;
    }) {
      if (!args.onConflict) {
        const created = [];
        for (const input of args.input) {
          const id = await first(
            tx,
            'INSERT INTO hand.customers (name, email, visits) VALUES ($1, $2, coalesce($3::int, 0)) RETURNING id',
            [input.name, input.email ?? null, input.visits ?? null],
          );
          await insertGraph(tx, id, input);
          created.push(await customer(tx, id));
        }
        return created;
      }
      // Upsert on email, updating name: the last row of an email wins; emails in order.
      const last = new Map<string, CustomerInput>();
      for (const input of args.input) last.set(input.email as string, input);
      const ids = new Map<string, unknown>();
      for (const email of [...last.keys()].sort()) {
        const input = last.get(email) as CustomerInput;
        const returned = await first(
          tx,
          `INSERT INTO hand.customers (name, email) VALUES ($1, $2)
           ON CONFLICT (email) DO UPDATE SET name = EXCLUDED.name
           WHERE hand.customers.name IS DISTINCT FROM EXCLUDED.name RETURNING id`,
          [input.name, email],
        );
        const id =
          returned ?? (await first(tx, 'SELECT id FROM hand.customers WHERE email = $1', [email]));
        ids.set(email, id);
        await insertGraph(tx, id, input);
      }
      return Promise.all(args.input.map((input) => customer(tx, ids.get(input.email as string))));
    },
    async updateCustomers(args: { where: Where; increment?: { visits?: number } | null }) {
      const { text, values } = whereSql(args.where);
      const rows = await tx.query(
        `UPDATE hand.customers SET visits = visits + $${values.length + 1} WHERE ${text} RETURNING id`,
        [...values, args.increment?.visits ?? 0],
      );
      const ids = rows.map((r) => r[0] as number).sort((a, b) => a - b);
      return Promise.all(ids.map((id) => customer(tx, id)));
    },
    async deleteCustomers(args: { where: Where }) {
      const { text, values } = whereSql(args.where);
      const ids = (
        await tx.query(`SELECT id FROM hand.customers WHERE ${text} ORDER BY id`, values)
      ).map((r) => r[0]);
      const before = await Promise.all(ids.map((id) => customer(tx, id, true)));
      await tx.query(`DELETE FROM hand.customers WHERE ${text}`, values);
      return before;
    },
  };
}
