import type { IncomingMessage } from 'node:http';

/** At most this much of a refused body is read and dropped (discardBody). */
export const DISCARD_BYTES = 8 * 1024 * 1024;
/** …and for at most this long, from the refusal on. */
export const DISCARD_MS = 2000;

/**
 * Reads and drops the rest of a refused request body, so that a client still sending it can read
 * the answer. Closing a connection with unread bytes makes the kernel reset it, and the client,
 * between two writes of its body, then meets EPIPE or ECONNRESET, often before it has read the
 * answer. `ended` is called once the rest has arrived (on the next tick if it had; never before
 * this returns): the caller ends its answer then, so that node closes the connection (when the
 * client asked for that) only with nothing left to read, and otherwise goes on to the client's
 * next request. The rest must arrive within `maxBytes` and `maxMs`, else the connection is cut.
 * Returns false, reading nothing, when the declared length alone passes `maxBytes`: the caller
 * answers with `Connection: close`. Nothing is kept: memory stays bounded whatever is sent.
 */
export function discardBody(
  req: IncomingMessage,
  ended: () => void,
  maxBytes = DISCARD_BYTES,
  maxMs = DISCARD_MS,
): boolean {
  const declared = req.headers['content-length'];
  if (declared !== undefined && Number(declared) > maxBytes) return false;
  if (req.complete) {
    process.nextTick(ended);
    return true;
  }
  const socket = req.socket;
  let left = maxBytes;
  const timer = setTimeout(() => socket.destroy(), maxMs);
  timer.unref();
  const stop = () => clearTimeout(timer);
  req.on('data', (chunk: Buffer) => {
    left -= chunk.length;
    if (left < 0) {
      stop();
      socket.destroy();
    }
  });
  req.once('end', () => {
    stop();
    ended();
  });
  req.once('close', stop);
  req.resume();
  return true;
}
