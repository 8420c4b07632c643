import { Agent, request } from 'node:http';

/** One request of the soak: a distinct document and operation name each time. */
export interface SoakRequest {
  readonly query: string;
  readonly operationName: string;
  readonly variables?: Record<string, unknown>;
}

/** What came back, counted: HTTP statuses, `extensions.code`s, and failures to get an answer. */
export interface Counts {
  sent: number;
  ms: number;
  readonly statuses: Map<number, number>;
  readonly codes: Map<string, number>;
  readonly failures: Map<string, number>;
}

const bump = <K>(map: Map<K, number>, key: K) => map.set(key, (map.get(key) ?? 0) + 1);

/** Codes the soak provokes on purpose (see `withLimitTrips`); any other error is a finding. */
export const EXPECTED_CODES: ReadonlySet<string> = new Set([
  'MAX_ALIASES_EXCEEDED',
  'MAX_TOKENS_EXCEEDED',
  'MAX_DOCUMENT_SIZE_EXCEEDED',
  'OPERATION_RESOLUTION_FAILURE',
]);

/**
 * Every `every`-th request trips a limit instead (aliases, tokens, a document padded with 100 KB
 * of comments, an unknown operation name), so
 * the limits' paths soak too. Each is still distinct by its number.
 */
export function withLimitTrips(
  workload: (i: number) => SoakRequest,
  every: number,
): (i: number) => SoakRequest {
  return (i) => {
    if (every <= 0 || i % every !== every - 1) return workload(i);
    const n = Math.floor(i / every);
    switch (n % 4) {
      case 0: {
        const aliases = Array.from({ length: 101 }, (_, a) => `a${a}: __typename`).join(' ');
        return { query: `query Aliases${i} { ${aliases} }`, operationName: `Aliases${i}` };
      }
      case 1:
        // Short tokens: 20 KB, under the document size limit, over the token limit.
        return { query: `query Tokens${i} { ${'x '.repeat(10_001)}}`, operationName: `Tokens${i}` };
      case 2:
        // Comments cost no tokens: only the size limit stops this one.
        return {
          query: `query Padded${i} { __typename }\n#${'.'.repeat(100_000)}`,
          operationName: `Padded${i}`,
        };
      default:
        return { query: `query Known${i} { __typename }`, operationName: `Unknown${i}` };
    }
  };
}

/**
 * Sends requests `0, 1, 2, …` to `port` on 127.0.0.1, `concurrency` at a time over keep-alive
 * connections, until `requests` were sent or `seconds` passed (or `signal` aborts), whichever
 * comes first.
 */
export async function runLoad(
  port: number,
  next: (i: number) => SoakRequest,
  limits: { requests: number; seconds: number; concurrency: number; signal?: AbortSignal },
): Promise<Counts> {
  const agent = new Agent({ keepAlive: true, maxSockets: limits.concurrency });
  const counts: Counts = {
    sent: 0,
    ms: 0,
    statuses: new Map(),
    codes: new Map(),
    failures: new Map(),
  };
  const started = performance.now();
  const until = started + limits.seconds * 1000;
  const worker = async () => {
    while (counts.sent < limits.requests && performance.now() < until && !limits.signal?.aborted) {
      const i = counts.sent++;
      try {
        const { status, body } = await post(agent, port, JSON.stringify(next(i)));
        bump(counts.statuses, status);
        for (const code of errorCodes(body)) bump(counts.codes, code);
      } catch (error) {
        bump(counts.failures, (error as NodeJS.ErrnoException).code ?? (error as Error).message);
      }
    }
  };
  await Promise.all(Array.from({ length: limits.concurrency }, worker));
  counts.ms = performance.now() - started;
  agent.destroy();
  return counts;
}

function errorCodes(body: string): string[] {
  if (!body.includes('"errors"')) return [];
  try {
    const parsed = JSON.parse(body) as { errors?: Array<{ extensions?: { code?: string } }> };
    return (parsed.errors ?? []).map((e) => e.extensions?.code ?? '(no code)');
  } catch {
    return ['(not JSON)'];
  }
}

function post(agent: Agent, port: number, body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/graphql',
        agent,
        headers: {
          'content-type': 'application/json',
          accept: 'application/graphql-response+json',
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
        );
      },
    );
    req.setTimeout(30_000, () => req.destroy(new Error('no answer within 30 s')));
    req.on('error', reject);
    req.end(body);
  });
}

/** True when every answer was a 200 or a 400 for an expected limit code, and none failed. */
export function onlyExpected(counts: Counts): boolean {
  if (counts.failures.size > 0) return false;
  for (const status of counts.statuses.keys()) if (status !== 200 && status !== 400) return false;
  for (const code of counts.codes.keys()) if (!EXPECTED_CODES.has(code)) return false;
  return true;
}
