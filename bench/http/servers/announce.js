// Shared by every contender process: listen on a free loopback port, tell the parent (over the IPC
// channel of child_process.fork) where to send requests, and exit as soon as the parent goes away so
// no server outlives a benchmark that crashed.
import { once } from 'node:events';

/** Listens `server` (a node:http Server) on 127.0.0.1 and announces its URL. */
export async function announce(server, path) {
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address();
  ready(`http://127.0.0.1:${port}${path}`);
}

/** Announces an URL already listening (for frameworks that listen by themselves). */
export function ready(url) {
  if (!process.send)
    throw new Error('Start contender servers through bench/http/run.js (needs IPC).');
  process.send({ ready: true, url, pid: process.pid });
}

process.on('disconnect', () => process.exit(0));
process.on('SIGTERM', () => process.exit(0));
