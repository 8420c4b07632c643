import { createEngine, makeSchema, type EngineOptions } from '../../engine/index.js';
import { createHandler } from '../createHandler.js';
import type { HttpRequest, HttpResponse, ServerOptions } from '../types.js';

/** A small schema with what the HTTP tests need: a slow field, a failing one, a mutation. */
export function testSchema(state = { bumps: 0 }) {
  return makeSchema({
    typeDefs: /* GraphQL */ `
      type Query {
        hello(name: String): String!
        slow(ms: Int!): String!
        boom: String
        user(id: ID!): User
        users(first: Int): [User!]!
        big(n: Int!): [String!]!
      }
      type User {
        id: ID!
        name: String!
        friends(first: Int): [User!]!
      }
      type Mutation {
        bump: Int!
      }
      type Subscription {
        ticks: Int!
      }
    `,
    resolvers: {
      Query: {
        hello: (_: unknown, args: { name?: string | null }) => `Hello, ${args.name ?? 'world'}!`,
        slow: (_: unknown, args: { ms: number }) =>
          new Promise((resolve) => setTimeout(() => resolve(`slept ${args.ms}`), args.ms)),
        boom: () => {
          throw new Error('connection string postgres://admin:secret@db leaked');
        },
        user: (_: unknown, args: { id: string }) => ({ id: args.id, name: `User ${args.id}` }),
        users: (_: unknown, args: { first?: number | null }) =>
          Array.from({ length: args.first ?? 3 }, (_v, i) => ({
            id: String(i),
            name: `User ${i}`,
          })),
        big: (_: unknown, args: { n: number }) =>
          Array.from({ length: args.n }, (_v, i) => `item ${i}`),
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
      },
      Subscription: {
        ticks: { subscribe: async function* () {}, resolve: () => 1 },
      },
    },
  });
}

export function testHandler(
  options: Partial<ServerOptions> = {},
  engineOptions: Partial<EngineOptions> = {},
  state = { bumps: 0 },
) {
  const engine = createEngine({ schema: testSchema(state), ...engineOptions });
  return { engine, state, handle: createHandler({ engine, ...options }) };
}

export interface Sent extends HttpResponse {
  readonly json: {
    data?: unknown;
    errors?: Array<{ message: string; extensions?: { code?: string } }>;
  };
  readonly text: string;
}

/** Sends a request through the core and decodes the body. */
export async function send(
  handle: (request: HttpRequest) => Promise<HttpResponse>,
  request: Partial<HttpRequest> & { json?: unknown },
): Promise<Sent> {
  const headers: Record<string, string> = { ...(request.headers as Record<string, string>) };
  let body = request.body ?? null;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] ??= 'application/json';
  }
  const response = await handle({
    method: request.method ?? 'POST',
    url: request.url ?? '/graphql',
    headers,
    body,
  });
  const text =
    typeof response.body === 'string' ? response.body : new TextDecoder().decode(response.body);
  let json: Sent['json'] = {};
  try {
    json = JSON.parse(text) as Sent['json'];
  } catch {
    // not JSON (HTML, metrics): tests read `text`
  }
  return { ...response, json, text };
}

export const codeOf = (sent: Sent) => sent.json.errors?.[0]?.extensions?.code;

export const GQL_RESPONSE = 'application/graphql-response+json';
