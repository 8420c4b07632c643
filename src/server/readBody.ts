import type { IncomingMessage } from 'node:http';
import type { Transform } from 'node:stream';
import { createBrotliDecompress, createGunzip, createInflate } from 'node:zlib';
import { ErrorCode } from '../engine/index.js';
import { HttpError } from './responses.js';

/** Thrown when the client went away before its body arrived: there is no one to answer. */
export class ClientGone extends Error {}

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

/**
 * Reads a request body, decompressing gzip/deflate/br, and stops as soon as either the bytes on
 * the wire or the decompressed bytes pass `limit` — so a small compressed "bomb" cannot make the
 * server inflate it whole. Rejects with HttpError (413, 415, 400, 408) or ClientGone. On a
 * rejection the rest of the body is left unread: the caller answers with `Connection: close`.
 */
export function readBody(req: IncomingMessage, limit: number, timeoutMs: number): Promise<Buffer> {
  const encoding = String(req.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase();
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > limit) return Promise.reject(tooLarge(limit));
  let decoder: Transform | null;
  try {
    decoder = decoderFor(encoding);
  } catch (error) {
    return Promise.reject(error);
  }

  return new Promise<Buffer>((resolve, reject) => {
    const chunks: Buffer[] = [];
    let wire = 0;
    let size = 0;
    let settled = false;
    const timer = setTimeout(
      () =>
        fail(
          new HttpError(
            408,
            ErrorCode.TIMEOUT,
            `The request body did not arrive within ${timeoutMs} ms.`,
          ),
        ),
      timeoutMs,
    );
    const stop = () => {
      settled = true;
      clearTimeout(timer);
      req.removeListener('data', onWire);
      req.removeListener('end', onWireEnd);
      req.removeListener('aborted', onGone);
      req.removeListener('error', onGone);
    };
    function fail(error: Error) {
      if (settled) return;
      stop();
      req.pause();
      decoder?.destroy();
      reject(error);
    }
    function onGone() {
      fail(new ClientGone('The client closed the connection before its body arrived.'));
    }
    function onDecoded(chunk: Buffer) {
      if (settled) return;
      size += chunk.length;
      if (size > limit) fail(tooLarge(limit));
      else chunks.push(chunk);
    }
    function onDone() {
      if (settled) return;
      stop();
      resolve(Buffer.concat(chunks, size));
    }
    function onWire(chunk: Buffer) {
      wire += chunk.length;
      if (wire > limit) return fail(tooLarge(limit));
      if (!decoder) return onDecoded(chunk);
      if (!decoder.write(chunk)) {
        req.pause();
        decoder.once('drain', () => settled || req.resume());
      }
    }
    function onWireEnd() {
      if (decoder) decoder.end();
      else onDone();
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
    req.on('end', onWireEnd);
    req.on('aborted', onGone);
    req.on('error', onGone);
  });
}
