import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ErrorCode } from '../engine/index.js';
import type { Deadlines } from './Deadlines.js';
import { HttpError } from './responses.js';

/** Thrown when the client went away before its body arrived: there is no one to answer. */
export class ClientGone extends Error {}

/** Receives the body, or why there is none (HttpError 413, 415, 400, 408, or ClientGone). */
export type BodyCallback = (error: Error | null, body: Buffer | null) => void;

function decoderFor(encoding: string): Transform | null {
  switch (encoding) {
    case '':
    case 'identity':
      return null;
    case 'gzip':
    case 'x-gzip':
      return createGunzip();
    case 'deflate':
      return createInflate();
    case 'br':
      return createBrotliDecompress();
    default:
      // RFC 9110 §15.5.16: an unsupported content coding gets 415.
      throw new HttpError(
        415,
        ErrorCode.UNSUPPORTED_MEDIA_TYPE,
        `Content-Encoding "${encoding}" is not supported; use gzip, deflate or br.`,
      );
  }
}

const tooLarge = (limit: number) =>
  new HttpError(
    413,
    ErrorCode.PAYLOAD_TOO_LARGE,
    `The request body is larger than ${limit} bytes.`,
  );

const EMPTY = Buffer.alloc(0);

/**
 * Reads a request body, decompressing gzip/deflate/br, and stops as soon as either the bytes on
 * the wire or the decompressed bytes pass `limit` — so a small compressed "bomb" cannot make the
 * server inflate it whole. A body still incomplete when its deadline passes gets a 408.
 *
 * `done` is called exactly once, with the body or with an HttpError / ClientGone; it may be called
 * before `readBody` returns (a declared length over the limit, an unknown coding). On an error the
 * rest of the body is left unread: the caller answers with `Connection: close`.
 *
 * Callbacks rather than a promise, one shared deadline timer rather than one per request, and
 * no stream events when the body is already buffered: this runs for every POST, and each of these
 * showed in profiles (a promise only when it must).
 */
export function readBody(
  req: IncomingMessage,
  limit: number,
  deadlines: Deadlines,
  startedAt: number,
  done: BodyCallback,
): void {
  const headers = req.headers;
  const rawEncoding = headers['content-encoding'];
  const encoding = rawEncoding === undefined ? '' : rawEncoding.trim().toLowerCase();
  const declared = headers['content-length'];
  const length = declared === undefined ? -1 : Number(declared);
  if (length > limit) return done(tooLarge(limit), null);
  let decoder: Transform | null;
  try {
    decoder = decoderFor(encoding);
  } catch (error) {
    return done(error as Error, null);
  }
  if (decoder === null && length >= 0) {
    process.nextTick(takeBuffered, req, length, limit, deadlines, startedAt, done);
  } else {
    streamBody(req, decoder, encoding, limit, deadlines, startedAt, done);
  }
}

/**
 * The 'request' event comes as soon as the headers are parsed; node's parser pushes the body into
 * `req` right after, in the same turn when it came in the same packets (the common case for a
 * GraphQL request). A tick later the whole declared length is usually buffered: take it with one
 * `read()` instead of a 'data' / 'end' round (resume, flow, two emits, two ticks). Anything else —
 * a body still arriving, chunked, compressed — goes through `streamBody`.
 */
function takeBuffered(
  req: IncomingMessage,
  length: number,
  limit: number,
  deadlines: Deadlines,
  startedAt: number,
  done: BodyCallback,
): void {
  if (req.destroyed) {
    return done(new ClientGone('The client closed the connection before its body arrived.'), null);
  }
  if (length === 0) return done(null, EMPTY);
  if (req.readableLength >= length && !req.readableFlowing) {
    const body = req.read() as Buffer | null;
    if (body !== null && body.length === length) return done(null, body);
    if (body !== null) req.unshift(body);
  }
  streamBody(req, null, '', limit, deadlines, startedAt, done);
}

function streamBody(
  req: IncomingMessage,
  decoder: Transform | null,
  encoding: string,
  limit: number,
  deadlines: Deadlines,
  startedAt: number,
  done: BodyCallback,
): void {
  // One chunk is the common case (a small body in one packet): keep it without copying.
  let first: Buffer | null = null;
  let chunks: Buffer[] | null = null;
  let wire = 0;
  let size = 0;
  let settled = false;
  const deadline = deadlines.add(startedAt, () =>
    fail(
      new HttpError(
        408,
        ErrorCode.TIMEOUT,
        `The request body did not arrive within ${deadlines.timeoutMs} ms.`,
      ),
    ),
  );

  function fail(error: Error) {
    if (settled) return;
    settled = true;
    deadlines.settle(deadline);
    req.removeListener('data', onWire);
    req.pause();
    decoder?.destroy();
    done(error, null);
  }
  function onDecoded(chunk: Buffer) {
    if (settled) return;
    size += chunk.length;
    if (size > limit) return fail(tooLarge(limit));
    if (first === null) first = chunk;
    else (chunks ??= [first]).push(chunk);
  }
  function onDone() {
    if (settled) return;
    settled = true;
    deadlines.settle(deadline);
    const body = chunks ? Buffer.concat(chunks, size) : (first ?? Buffer.alloc(0));
    done(null, body);
  }
  function onWire(chunk: Buffer) {
    if (settled) return;
    wire += chunk.length;
    if (wire > limit) return fail(tooLarge(limit));
    if (!decoder) return onDecoded(chunk);
    if (!decoder.write(chunk)) {
      req.pause();
      decoder.once('drain', () => settled || req.resume());
    }
  }
  if (decoder) {
    decoder.on('data', onDecoded);
    decoder.on('end', onDone);
    decoder.on('error', () =>
      fail(
        new HttpError(
          400,
          ErrorCode.BAD_REQUEST,
          `The request body is not valid ${encoding} data.`,
        ),
      ),
    );
  }
  req.on('data', onWire);
  req.on('end', decoder ? () => decoder.end() : onDone);
  // Node emits 'error' (after the deprecated 'aborted') when the client disconnects mid-body. The
  // listener stays after the body is read: a late error then finds `settled` and is ignored.
  req.on('error', () =>
    fail(new ClientGone('The client closed the connection before its body arrived.')),
  );
}
