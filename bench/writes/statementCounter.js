// Counts the statements a contender sends to PostgreSQL, whatever its driver: a TCP proxy on
// 127.0.0.1 between the contender and the server that reads the frontend messages of the
// PostgreSQL wire protocol (protocol version 3, "Message Flow" and "Message Formats" in the
// PostgreSQL documentation). A statement is one simple Query ('Q') or one extended-protocol
// Execute ('E'); Parse, Bind, Describe and Sync are not statements. BEGIN and COMMIT count, as
// they cost a round trip each. pg_stat_statements would need a server restart to load.
//
// The proxy is used only while a contender is verified (a few requests), never under load: an
// extra hop would weigh on every measured figure.
import { createConnection, createServer } from 'node:net';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;

/**
 * Starts the proxy in front of `target` (`{ host, port }`). Returns `{ port, statements(),
 * texts(), close() }`: statements() is the count so far, texts() the statement texts in order
 * (a simple Query's text; an Execute's prepared statement text, when the proxy saw its Parse).
 */
export async function startStatementCounter(target) {
  let count = 0;
  const texts = [];
  const sockets = new Set();
  const server = createServer((client) => {
    const upstream = createConnection(target);
    // Without TCP_NODELAY a small message waits for the peer's delayed ACK (about 40 ms on
    // Linux): a contender sending statements one after another would wait that long for each.
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    sockets.add(client).add(upstream);
    for (const s of [client, upstream]) s.once('close', () => sockets.delete(s));
    const reader = frontendReader({
      forward: (bytes) => upstream.write(bytes),
      refuseEncryption: () => client.write('N'),
      statement: (text) => {
        count++;
        texts.push(text);
      },
    });
    client.on('data', reader);
    upstream.on('data', (bytes) => client.write(bytes));
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: server.address().port,
    statements: () => count,
    texts: () => texts.slice(),
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

/**
 * A reader of one connection's frontend byte stream: forwards every message, answers an
 * SSLRequest or GSSENCRequest with 'N' itself (so the stream stays readable), and reports each
 * statement with its text.
 */
function frontendReader({ forward, refuseEncryption, statement }) {
  let pending = Buffer.alloc(0);
  let started = false;
  const prepared = new Map(); // statement name → text
  const portals = new Map(); // portal name → text
  const cstring = (buffer, from) => {
    const end = buffer.indexOf(0, from);
    return [buffer.toString('utf8', from, end), end + 1];
  };
  return (chunk) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let offset = 0;
    for (;;) {
      if (!started) {
        // Untyped start-up packets: Int32 length, Int32 code.
        if (pending.length - offset < 8) break;
        const length = pending.readInt32BE(offset);
        if (pending.length - offset < length) break;
        const code = pending.readInt32BE(offset + 4);
        if (code === SSL_REQUEST || code === GSSENC_REQUEST) refuseEncryption();
        else {
          forward(pending.subarray(offset, offset + length));
          started = true;
        }
        offset += length;
        continue;
      }
      if (pending.length - offset < 5) break;
      const length = pending.readInt32BE(offset + 1);
      const end = offset + 1 + length;
      if (pending.length < end) break;
      const type = String.fromCharCode(pending[offset]);
      const body = offset + 5;
      if (type === 'Q') statement(cstring(pending, body)[0]);
      else if (type === 'P') {
        const [name, next] = cstring(pending, body);
        prepared.set(name, cstring(pending, next)[0]);
      } else if (type === 'B') {
        const [portal, next] = cstring(pending, body);
        portals.set(portal, prepared.get(cstring(pending, next)[0]) ?? '(prepared earlier)');
      } else if (type === 'E') statement(portals.get(cstring(pending, body)[0]) ?? '(unknown)');
      forward(pending.subarray(offset, end));
      offset = end;
    }
    pending = pending.subarray(offset);
  };
}
