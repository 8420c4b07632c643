import { createEngine, makeSchema, type EngineOptions } from '../../engine/index.js';
import { createSluiceServer, type SluiceServerOptions } from '../createSluiceServer.js';

/** Waits for the next macrotask, as a source fed by I/O would. */
const tick = () => new Promise<void>((resolve) => setImmediate(resolve));

/** Messages published by the `say` mutation, delivered to every `said` subscriber. */
class Channel {
  private readonly listeners = new Set<(text: string) => void>();
  /** Subscribers now listening (their sources not yet closed). */
  get size(): number {
    return this.listeners.size;
  }
  publish(text: string): void {
    for (const listener of this.listeners) listener(text);
  }
  subscribe(): AsyncIterableIterator<string> {
    const queue: string[] = [];
    let wake: (() => void) | undefined;
    const listener = (text: string) => {
      queue.push(text);
      wake?.();
    };
    this.listeners.add(listener);
    const done = { done: true, value: undefined } as const;
    const iterator: AsyncIterableIterator<string> = {
      next: async () => {
        while (queue.length === 0) {
          if (!this.listeners.has(listener)) return done;
          await new Promise<void>((resolve) => (wake = resolve));
        }
        return { done: false, value: queue.shift() as string };
      },
      return: async () => {
        this.listeners.delete(listener);
        wake?.();
        return done;
      },
      [Symbol.asyncIterator]: () => iterator,
    };
    return iterator;
  }
}

/** A schema whose subscriptions the realtime tests drive: counted, pushed by a mutation, endless. */
export function realtimeSchema(channel = new Channel()) {
  const state = { bumps: 0, openFloods: 0, startedFloods: 0 };
  const schema = makeSchema({
    typeDefs: /* GraphQL */ `
      type Query {
        hello(name: String): String!
        user(id: ID!): User
        users(first: Int): [User!]!
      }
      type User {
        id: ID!
        name: String!
        friends(first: Int): [User!]!
      }
      type Mutation {
        bump: Int!
        say(text: String!): String!
      }
      type Subscription {
        counted(to: Int!): Int!
        said: String!
        flood(size: Int!): String!
        user(id: ID!): User!
      }
    `,
    resolvers: {
      Query: {
        hello: (_: unknown, args: { name?: string | null }) => `Hello, ${args.name ?? 'world'}!`,
        user: (_: unknown, args: { id: string }) => ({ id: args.id, name: `User ${args.id}` }),
        users: (_: unknown, args: { first?: number | null }) =>
          Array.from({ length: args.first ?? 3 }, (_v, i) => ({
            id: String(i),
            name: `User ${i}`,
          })),
      },
      User: {
        friends: (user: { id: string }, args: { first?: number | null }) =>
          Array.from({ length: args.first ?? 2 }, (_v, i) => ({
            id: `${user.id}.${i}`,
            name: 'Friend',
          })),
      },
      Mutation: {
        bump: () => ++state.bumps,
        say: (_: unknown, args: { text: string }) => {
          channel.publish(args.text);
          return args.text;
        },
      },
      Subscription: {
        counted: {
          subscribe: async function* (_: unknown, args: { to: number }) {
            for (let i = 1; i <= args.to; i++) {
              await tick();
              yield i;
            }
          },
          resolve: (value: number) => value,
        },
        said: { subscribe: () => channel.subscribe(), resolve: (text: string) => text },
        flood: {
          subscribe: async function* (_: unknown, args: { size: number }) {
            state.openFloods++;
            state.startedFloods++;
            try {
              const text = 'x'.repeat(args.size);
              for (;;) {
                await tick();
                yield text;
              }
            } finally {
              state.openFloods--;
            }
          },
          resolve: (text: string) => text,
        },
        user: {
          subscribe: async function* (_: unknown, args: { id: string }) {
            await tick();
            yield { id: args.id, name: `User ${args.id}` };
          },
          resolve: (user: unknown) => user,
        },
      },
    },
  });
  return { schema, state, channel };
}

/** A listening server on a free port with the realtime schema; `url` is its http:// GraphQL URL. */
export async function startRealtimeServer(
  options: Partial<SluiceServerOptions> = {},
  engineOptions: Partial<EngineOptions> = {},
) {
  const fixture = realtimeSchema();
  const engine = createEngine({ schema: fixture.schema, ...engineOptions });
  const server = createSluiceServer({ engine, ...options });
  const { port } = await server.listen(0);
  const url = `http://127.0.0.1:${port}/graphql`;
  return { ...fixture, engine, server, url, wsUrl: url.replace('http:', 'ws:') };
}
