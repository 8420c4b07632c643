import { createHash } from 'node:crypto';
import { ErrorCode, LruCache } from '../engine/index.js';
import type { GraphQLParams } from './readParams.js';
import { HttpError } from './responses.js';
import type { PersistedOptions } from './types.js';

/** The APQ store's defaults (PersistedOptions). */
const DEFAULT_APQ_MAX_ENTRIES = 1000;
const DEFAULT_APQ_MAX_BYTES = 16 * 1024 * 1024;
const DEFAULT_APQ_MAX_DOCUMENT_BYTES = 100 * 1024;

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

/** Turns the request's persisted-operation fields and the mode into the document text to run. */
export interface PersistedOperations {
  resolve(params: GraphQLParams): string;
  /** Documents held and their UTF-8 bytes (the APQ store's bounds; tests and diagnostics). */
  size(): { entries: number; bytes: number };
}

interface HashRef {
  readonly id: string;
  /** True for APQ's `sha256Hash`, whose value must equal sha256 of any text sent with it. */
  readonly isSha256: boolean;
}

/**
 * The hash a request refers to: APQ's `extensions.persistedQuery` (version 1, `sha256Hash`) or the
 * persisted-documents draft's `documentId` (`sha256:<hex>` or an opaque id).
 */
function hashRef(params: GraphQLParams): HashRef | undefined {
  const pq = params.extensions?.['persistedQuery'];
  if (pq !== undefined && pq !== null) {
    if (typeof pq !== 'object' || Array.isArray(pq)) {
      throw new HttpError(400, ErrorCode.BAD_REQUEST, 'extensions.persistedQuery must be a map.');
    }
    const { version, sha256Hash } = pq as Record<string, unknown>;
    if (version !== 1) {
      throw new HttpError(
        400,
        ErrorCode.BAD_REQUEST,
        'Unsupported persisted query version (only 1).',
      );
    }
    if (typeof sha256Hash !== 'string' || !/^[0-9a-fA-F]{64}$/.test(sha256Hash)) {
      throw new HttpError(
        400,
        ErrorCode.BAD_REQUEST,
        'persistedQuery.sha256Hash must be 64 hex digits.',
      );
    }
    return { id: sha256Hash.toLowerCase(), isSha256: true };
  }
  if (params.documentId !== undefined) {
    const match = /^sha256:([0-9a-fA-F]{64})$/.exec(params.documentId);
    return match?.[1]
      ? { id: match[1].toLowerCase(), isSha256: true }
      : { id: params.documentId, isSha256: false };
  }
  return undefined;
}

function missingQuery(): HttpError {
  return new HttpError(400, ErrorCode.BAD_REQUEST, 'The "query" parameter is required.');
}

function checkHash(ref: HashRef, query: string): void {
  if (ref.isSha256 && sha256Hex(query) !== ref.id) {
    throw new HttpError(
      400,
      ErrorCode.PERSISTED_QUERY_HASH_MISMATCH,
      'The persisted query hash does not match the sha256 of the query sent.',
    );
  }
}

function toMap(documents: PersistedOptions['documents']): Map<string, string> {
  const map = new Map<string, string>();
  if (documents === undefined) return map;
  if (Array.isArray(documents)) {
    for (const text of documents as readonly string[]) map.set(sha256Hex(text), text);
    return map;
  }
  for (const [id, text] of Object.entries(documents as Readonly<Record<string, string>>)) {
    const hex = /^(?:sha256:)?([0-9a-fA-F]{64})$/.exec(id)?.[1];
    map.set(hex ? hex.toLowerCase() : id, text);
    map.set(sha256Hex(text), text);
  }
  return map;
}

export function createPersistedOperations(
  options: PersistedOptions | undefined,
): PersistedOperations {
  const mode = options?.mode ?? 'off';
  const known = toMap(options?.documents);
  const maxEntries = options?.maxEntries ?? DEFAULT_APQ_MAX_ENTRIES;

  if (mode === 'off') {
    return {
      size: () => ({ entries: 0, bytes: 0 }),
      resolve(params) {
        const ref = hashRef(params);
        if (params.query !== undefined) return params.query;
        if (ref)
          throw new HttpError(
            400,
            ErrorCode.BAD_REQUEST,
            'Persisted queries are not enabled on this server.',
          );
        throw missingQuery();
      },
    };
  }

  if (mode === 'trusted') {
    const notAllowed = () =>
      new HttpError(
        403,
        ErrorCode.PERSISTED_QUERY_NOT_ALLOWED,
        'Only trusted documents may be run on this server, and this one is not on the list.',
      );
    return {
      size: () => {
        let bytes = 0;
        for (const text of known.values()) bytes += Buffer.byteLength(text, 'utf8');
        return { entries: known.size, bytes };
      },
      resolve(params) {
        const ref = hashRef(params);
        if (params.query !== undefined) {
          if (ref) checkHash(ref, params.query);
          if (!known.has(sha256Hex(params.query))) throw notAllowed();
          return params.query;
        }
        if (!ref) throw missingQuery();
        const text = known.get(ref.id);
        if (text === undefined) throw notAllowed();
        return text;
      },
    };
  }

  // APQ: the engine's LRU, bounded by count and by bytes. Clients choose what goes in, so a
  // document too big to run is never kept. The seeded documents (`documents`) are the operator's
  // and stay beside it, outside its bounds: a client that runs one by an opaque id could never
  // store it again, so no registration by other clients may evict it.
  const maxDocumentBytes = options?.maxDocumentBytes ?? DEFAULT_APQ_MAX_DOCUMENT_BYTES;
  const store = new LruCache<string, string>(
    maxEntries,
    options?.maxBytes ?? DEFAULT_APQ_MAX_BYTES,
  );
  const remember = (id: string, text: string) => {
    if (known.has(id)) return;
    const size = Buffer.byteLength(text, 'utf8');
    if (size > maxDocumentBytes) store.delete(id);
    else store.set(id, text, size);
  };
  const seeded = new Set(known.values());
  let seededBytes = 0;
  for (const text of seeded) seededBytes += Buffer.byteLength(text, 'utf8');
  const seededEntries = seeded.size;
  return {
    size: () => ({ entries: seededEntries + store.size, bytes: seededBytes + store.bytes }),
    resolve(params) {
      const ref = hashRef(params);
      if (params.query !== undefined) {
        if (ref) {
          checkHash(ref, params.query);
          // Only a sha256 the text was checked against may name it: an opaque id sent with a
          // text would let any client re-bind an id other clients run (pre-seeded documents).
          if (ref.isSha256) remember(ref.id, params.query);
        }
        return params.query;
      }
      if (!ref) throw missingQuery();
      // A hit counts as a use (LruCache.get), so the documents clients send keep their place.
      const text = known.get(ref.id) ?? store.get(ref.id);
      if (text === undefined) {
        // Apollo's APQ protocol: the client answers this code by resending with the text.
        throw new HttpError(404, ErrorCode.PERSISTED_QUERY_NOT_FOUND, 'PersistedQueryNotFound');
      }
      return text;
    },
  };
}
