import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { expectSameAsGraphQLJS, type DiffArgs } from '../support/expectSameAsGraphQLJS.js';
import { failLater, later } from '../support/timing.js';

// Spec §6.2.2 Mutation and §6.3.1 "Normal and Serial Execution": mutation root fields run one
// after another (each, with its sub-selection, completes before the next starts); a non-null
// root field failure ends the operation with data: null and the rest never runs.
const schema = buildSchema(`
  type Account { balance: Int! history: [String!]! owner: String }
  type Query { account: Account }
  type Mutation {
    deposit(amount: Int!, delay: Int = 0): Account
    withdraw(amount: Int!, delay: Int = 0): Account
    mustWithdraw(amount: Int!, delay: Int = 0): Account!
  }
`);

/** A bank account in the context; each call logs when it starts and ends. */
function bank(query: string, variableValues?: Record<string, unknown>) {
  return (log: unknown[]): DiffArgs => {
    const account = { balance: 100, history: [] as string[], owner: () => later(1, 'ada') };
    const move =
      (name: string, sign: number) => async (args: { amount: number; delay: number }) => {
        log.push(`${name}(${args.amount}) start at ${account.balance}`);
        if (args.delay > 0) await later(args.delay, null);
        if (sign < 0 && account.balance < args.amount) {
          log.push(`${name}(${args.amount}) refused`);
          throw new Error(`insufficient funds for ${args.amount}`);
        }
        account.balance += sign * args.amount;
        account.history.push(`${name} ${args.amount}`);
        log.push(`${name}(${args.amount}) end at ${account.balance}`);
        return account;
      };
    return {
      schema,
      rootValue: {
        account,
        deposit: move('deposit', 1),
        withdraw: move('withdraw', -1),
        mustWithdraw: move('mustWithdraw', -1),
      },
      query,
      ...(variableValues ? { variableValues } : {}),
    };
  };
}

describe('serial execution of mutation root fields', () => {
  it('runs async root fields one after another, whatever their delays', async () => {
    const report = await expectSameAsGraphQLJS(
      bank(`mutation {
        slow: deposit(amount: 10, delay: 3) { balance }
        fast: withdraw(amount: 50, delay: 1) { balance owner }
        now: deposit(amount: 1) { balance history }
      }`),
    );
    expect(report.log).toEqual([
      'deposit(10) start at 100',
      'deposit(10) end at 110',
      'withdraw(50) start at 110',
      'withdraw(50) end at 60',
      'deposit(1) start at 60',
      'deposit(1) end at 61',
    ]);
  });

  it('keeps going after a nullable root field fails', async () => {
    await expectSameAsGraphQLJS(
      bank(`mutation {
        a: withdraw(amount: 500, delay: 2) { balance }
        b: withdraw(amount: 60) { balance }
        c: withdraw(amount: 60, delay: 1) { balance }
        d: deposit(amount: 5) { history }
      }`),
    );
  });

  it('stops at a failing non-null root field: data is null and later fields never run', async () => {
    const report = await expectSameAsGraphQLJS(
      bank(
        `mutation ($big: Int!) {
        first: deposit(amount: 1, delay: 1) { balance }
        must: mustWithdraw(amount: $big, delay: 2) { balance }
        never: deposit(amount: 1000) { balance }
      }`,
        { big: 1000 },
      ),
      { settle: true },
    );
    expect(report.result?.data).toBeNull();
    expect(report.log).not.toContain('deposit(1000) start at 101');
  });

  it('runs a synchronous mutation synchronously, skipping @skip fields', async () => {
    const sync = (log: unknown[]): DiffArgs => {
      let balance = 0;
      const account = () => ({ balance, history: [], owner: null });
      return {
        schema,
        rootValue: {
          deposit: ({ amount }: { amount: number }) => (
            log.push(amount),
            (balance += amount),
            account()
          ),
        },
        query: `mutation ($s: Boolean = true) {
          a: deposit(amount: 1) { balance }
          b: deposit(amount: 2) @skip(if: $s) { balance }
          c: deposit(amount: 3) { balance ... on Account { history } }
          __typename
        }`,
      };
    };
    const report = await expectSameAsGraphQLJS(sync);
    expect(report.sync).toBe(true);
  });

  it('runs queries in parallel (the contrast: start order is document order, ends by delay)', async () => {
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: {
        account: () => (log.push('account start'), later(2, { balance: 1, history: [] })),
      },
      query: `{
        a: account { balance }
        b: account { history }
      }`,
    }));
    await expectSameAsGraphQLJS((log) => ({
      schema,
      rootValue: {
        account: () => (log.push('start'), failLater(1, new Error('no account'))),
      },
      query: '{ a: account { balance } b: account { balance } }',
    }));
  });
});
