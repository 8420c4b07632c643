import { Agent, request, type IncomingHttpHeaders } from 'node:http';

export const GQL_RESPONSE = 'application/graphql-response+json';

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
  /** The body as JSON, or undefined when it is not JSON. */
  readonly json:
    | { data?: unknown; errors?: Array<{ message: string; extensions?: { code?: string } }> }
    | undefined;
  /** `extensions.code` of every error, in order. */
  readonly codes: ReadonlyArray<string | undefined>;
}

/** One keep-alive agent for tests that send many requests (a connection each would be slow). */
export const keepAlive = new Agent({ keepAlive: true, maxSockets: 8 });

/**
 * Sends one request over 127.0.0.1 and reads the whole answer. `body` is sent as it is when it is a
 * string or bytes, as JSON otherwise; `Accept` is graphql-response+json unless given.
 */
export function send(
  port: number,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: unknown;
    agent?: Agent;
    /** Give up (reject) when the whole answer has not arrived by then. Default ANSWER_BOUND_MS. */
    timeoutMs?: number;
  } = {},
): Promise<Answer> {
  const raw =
    options.body === undefined
      ? undefined
      : typeof options.body === 'string' || options.body instanceof Uint8Array
        ? options.body
        : JSON.stringify(options.body);
  const headers: Record<string, string> = {
    accept: GQL_RESPONSE,
    ...(raw === undefined ? {} : { 'content-type': 'application/json' }),
    ...options.headers,
  };
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? (raw === undefined ? 'GET' : 'POST'),
        path: options.path ?? '/graphql',
        headers,
        agent: options.agent ?? false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let json: Answer['json'];
          try {
            json = JSON.parse(text) as Answer['json'];
          } catch {
            json = undefined;
          }
          const codes = (json?.errors ?? []).map((e) => e.extensions?.code);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json, codes });
        });
      },
    );
    req.setTimeout(options.timeoutMs ?? ANSWER_BOUND_MS, () =>
      req.destroy(new Error(`no answer within ${options.timeoutMs ?? ANSWER_BOUND_MS} ms`)),
    );
    req.on('error', reject);
    req.end(raw);
  });
}

/** How long any one request may go unanswered: an attack that takes longer is the defect. */
export const ANSWER_BOUND_MS = 10_000;

/** POSTs a GraphQL request (`query`, `variables`, `operationName`) as JSON. */
export function graphql(
  port: number,
  params: { query: string; variables?: unknown; operationName?: string },
  options: { agent?: Agent; timeoutMs?: number } = {},
): Promise<Answer> {
  return send(port, { body: params, ...options });
}

/** What `underAttack` saw of GET /health while the attack ran. */
export interface HealthDuringAttack {
  /** Health checks answered 200. */
  readonly answered: number;
  /** Health checks that failed or answered anything but 200. */
  readonly failed: number;
  /** The slowest answer, in ms, measured from sending to the end of the answer. */
  readonly slowestMs: number;
}

/**
 * Runs `attack` while GET /health is asked again and again (one at a time, back to back), and
 * returns the attack's result with what the health checks saw: a server that blocks its event
 * loop on an attack answers health late, one that crashes does not answer at all.
 */
export async function underAttack<T>(
  port: number,
  attack: () => Promise<T>,
): Promise<{ result: T; health: HealthDuringAttack }> {
  let running = true;
  let answered = 0;
  let failed = 0;
  let slowestMs = 0;
  const probe = async () => {
    // At least one check, even when the attack is over at once.
    do {
      const sent = performance.now();
      try {
        const res = await send(port, { path: '/health', headers: { accept: 'application/json' } });
        if (res.status === 200) answered++;
        else failed++;
      } catch {
        failed++;
      }
      slowestMs = Math.max(slowestMs, performance.now() - sent);
      await new Promise((r) => setTimeout(r, 20));
    } while (running);
  };
  const probing = probe();
  let result: T;
  try {
    result = await attack();
  } finally {
    running = false;
    await probing;
  }
  return { result, health: { answered, failed, slowestMs } };
}

/** The bound on a health answer during an attack: an event loop blocked longer is the defect. */
export const HEALTH_BOUND_MS = 2000;
