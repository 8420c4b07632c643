import { request, type IncomingHttpHeaders } from 'node:http';
import { connect } from 'node:net';

export interface RawResponse {
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

/** An HTTP/1.1 request with node:http and no help: no automatic decompression, exact headers. */
export function rawRequest(
  port: number,
  options: {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: Uint8Array | string;
  },
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port,
        method: options.method ?? 'POST',
        path: options.path ?? '/graphql',
        headers: options.headers,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

/** Writes raw bytes on a socket and returns everything the server sends back until it closes. */
export function rawExchange(
  port: number,
  parts: ReadonlyArray<string | Buffer>,
  gapMs = 0,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('utf8')));
    socket.on('error', reject);
    socket.on('connect', async () => {
      for (const part of parts) {
        if (socket.destroyed) break;
        socket.write(part);
        if (gapMs > 0) await new Promise((r) => setTimeout(r, gapMs));
      }
    });
  });
}
