// A client process of the fleet: SUBSCRIBERS WebSocket connections to URL, each speaking the
// graphql-transport-ws protocol with `ws` directly (no client library: the fleet must cost far
// less than the server it measures), each with two subscriptions, `postCreated` and
// `postUpdated` (DOCUMENTS). A `next` message is not parsed: the latency is read from the
// `"sentAtMs":` number in its bytes (the committer's clock) against this process's clock.
// Controlled by run.js over IPC: `ready` when every socket is acknowledged and subscribed (or
// failed), then `{ count }`, `{ reset }`, `{ report }` requests.
import WebSocket from 'ws';
import { createHistogram, record, sparse } from './latency.js';

const url = process.env.URL;
const subscribers = Number(process.env.SUBSCRIBERS);
const documents = JSON.parse(process.env.DOCUMENTS);
const CONNECTING_AT_ONCE = 100;
const MARKER = Buffer.from('"sentAtMs":');
const NEXT = Buffer.from('"type":"next"');
const now = () => performance.timeOrigin + performance.now();

let histogram = createHistogram();
let received = 0;
let errors = 0;
let firstError;
let closed = 0;
const closeCodes = new Map();
const first = {};
const sockets = [];

const subscribeMessages = Object.entries(documents).map(([id, query]) =>
  JSON.stringify({ id, type: 'subscribe', payload: { query } }),
);

function onMessage(data, index) {
  if (data.indexOf(NEXT) !== -1) {
    const at = data.indexOf(MARKER);
    const text = index === 0 ? data.toString('utf8') : undefined;
    if (text) {
      const id = /"id":"(\w+)"/.exec(text)?.[1];
      if (id && first[id] === undefined) first[id] = text;
    }
    if (at === -1) {
      errors++;
      firstError ??= data.toString('utf8').slice(0, 300);
      return;
    }
    received++;
    const start = at + MARKER.length;
    record(histogram, now() - Number.parseFloat(data.toString('latin1', start, start + 32)));
    return;
  }
  const message = JSON.parse(data.toString('utf8'));
  if (message.type === 'ping') return sockets[index].send('{"type":"pong"}');
  if (message.type === 'error' || message.type === 'complete') {
    errors++;
    firstError ??= data.toString('utf8').slice(0, 300);
  }
}

function open(index) {
  return new Promise((resolve) => {
    const ws = new WebSocket(url, 'graphql-transport-ws', { perMessageDeflate: false });
    sockets[index] = ws;
    let acknowledged = false;
    const fail = (reason) => {
      if (acknowledged) return;
      acknowledged = true;
      errors++;
      firstError ??= reason;
      resolve(false);
    };
    ws.on('open', () => ws.send('{"type":"connection_init"}'));
    ws.on('message', (data) => {
      if (acknowledged) return onMessage(data, index);
      const message = JSON.parse(data.toString('utf8'));
      if (message.type !== 'connection_ack') return fail(`expected connection_ack: ${data}`);
      acknowledged = true;
      for (const text of subscribeMessages) ws.send(text);
      resolve(true);
    });
    ws.on('error', (error) => fail(error.message));
    ws.on('close', (code) => {
      closed++;
      closeCodes.set(code, (closeCodes.get(code) ?? 0) + 1);
      fail(`closed ${code}`);
    });
  });
}

async function openAll() {
  let next = 0;
  let opened = 0;
  const lane = async () => {
    while (next < subscribers) if (await open(next++)) opened++;
  };
  await Promise.all(Array.from({ length: Math.min(CONNECTING_AT_ONCE, subscribers) }, lane));
  return opened;
}

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
process.on('message', (message) => {
  if (message?.count) process.send({ count: received });
  else if (message?.reset) {
    histogram = createHistogram();
    received = 0;
    process.send({ reset: true });
  } else if (message?.report) {
    process.send({
      report: {
        received,
        errors,
        firstError,
        closed,
        closeCodes: Object.fromEntries(closeCodes),
        histogram: sparse(histogram),
        first,
      },
    });
  }
});
openAll().then((opened) => process.send({ ready: { opened, errors, firstError } }));
