/**
 * Media types of GraphQL over HTTP (spec "Serialization Format" → "Media Types") and the Accept
 * negotiation of RFC 9110 §12.5.1, reduced to what a GraphQL endpoint serves.
 */
export const GRAPHQL_RESPONSE_JSON = 'application/graphql-response+json';
export const JSON_TYPE = 'application/json';

export type ResponseMediaType = typeof GRAPHQL_RESPONSE_JSON | typeof JSON_TYPE;

export interface MediaRange {
  readonly type: string;
  readonly q: number;
  readonly params: Readonly<Record<string, string>>;
  readonly index: number;
}

/** Parses `type/subtype;a=b, ...` into ranges, lower-cased, quality defaulting to 1. */
export function parseMediaRanges(header: string): MediaRange[] {
  const ranges: MediaRange[] = [];
  header.split(',').forEach((part, index) => {
    const [rawType = '', ...rawParams] = part.split(';');
    const type = rawType.trim().toLowerCase();
    if (type === '') return;
    const params: Record<string, string> = {};
    let q = 1;
    for (const rawParam of rawParams) {
      const eq = rawParam.indexOf('=');
      if (eq === -1) continue;
      const name = rawParam.slice(0, eq).trim().toLowerCase();
      const value = rawParam
        .slice(eq + 1)
        .trim()
        .replace(/^"(.*)"$/, '$1');
      if (name === 'q') {
        const parsed = Number(value);
        q = Number.isFinite(parsed) ? Math.min(Math.max(parsed, 0), 1) : 0;
      } else {
        params[name] = value.toLowerCase();
      }
    }
    ranges.push({ type, q, params, index });
  });
  return ranges;
}

function charsetOk(range: MediaRange): boolean {
  const charset = range.params['charset'];
  return charset === undefined || charset === 'utf-8' || charset === 'utf8';
}

/**
 * Remembers the answer for header texts seen before: clients send a handful of distinct Accept
 * and Content-Type values, and re-parsing them on every request showed in profiles. Bounded in
 * entries and in key length, since the text comes from clients.
 */
export function memoByHeader<T extends object | string | null>(
  compute: (header: string) => T,
): (header: string) => T {
  const cache = new Map<string, T>();
  return (header) => {
    if (header.length > 200) return compute(header);
    const known = cache.get(header);
    if (known !== undefined) return known;
    const value = compute(header);
    if (cache.size >= 256) cache.clear();
    cache.set(header, value);
    return value;
  };
}

const negotiateMemo = memoByHeader(negotiate);

/**
 * Picks the response media type. No Accept header means `application/json` (the spec's legacy
 * default, which graphql-http's audit 80D8 still checks); wildcards also give `application/json`,
 * the type every client understands. Returns null when nothing acceptable remains (→ 406).
 */
export function negotiateResponseType(accept: string | undefined): ResponseMediaType | null {
  // The header texts almost every client sends, compared before any lookup.
  if (accept === undefined || accept === JSON_TYPE) return JSON_TYPE;
  if (accept === GRAPHQL_RESPONSE_JSON) return GRAPHQL_RESPONSE_JSON;
  return negotiateMemo(accept);
}

function negotiate(accept: string): ResponseMediaType | null {
  if (accept.trim() === '') return JSON_TYPE;
  const ranges = parseMediaRanges(accept).filter(charsetOk);
  // RFC 9110 §12.5.1: each type takes the quality of the most specific range that matches it, so
  // `*/*, application/json;q=0` refuses application/json while allowing graphql-response+json.
  const rank = (type: ResponseMediaType) => {
    let found: { q: number; specificity: number; index: number } | null = null;
    for (const range of ranges) {
      const specificity =
        range.type === type
          ? 2
          : range.type === 'application/*'
            ? 1
            : range.type === '*/*'
              ? 0
              : -1;
      if (specificity < 0) continue;
      if (found === null || specificity > found.specificity)
        found = { q: range.q, specificity, index: range.index };
    }
    return found;
  };
  const json = rank(JSON_TYPE);
  const graphql = rank(GRAPHQL_RESPONSE_JSON);
  if (json === null || json.q <= 0)
    return graphql !== null && graphql.q > 0 ? GRAPHQL_RESPONSE_JSON : null;
  if (graphql === null || graphql.q <= 0) return JSON_TYPE;
  // The higher quality; on a tie the type named rather than reached by a wildcard, then the one
  // named first; wildcards alone give application/json (see negotiateResponseType).
  if (graphql.q !== json.q) return graphql.q > json.q ? GRAPHQL_RESPONSE_JSON : JSON_TYPE;
  if (graphql.specificity !== json.specificity)
    return graphql.specificity > json.specificity ? GRAPHQL_RESPONSE_JSON : JSON_TYPE;
  if (graphql.specificity === 2 && graphql.index < json.index) return GRAPHQL_RESPONSE_JSON;
  return JSON_TYPE;
}

export const EVENT_STREAM = 'text/event-stream';

const eventStreamMemo = memoByHeader((accept) =>
  parseMediaRanges(accept).some((range) => range.type === EVENT_STREAM && range.q > 0)
    ? EVENT_STREAM
    : '',
);

/**
 * True when the Accept header names `text/event-stream` (GraphQL over SSE) with a quality above 0
 * (`q=0` refuses it, RFC 9110 §12.4.2). Asked of every GET and POST, so the header texts JSON
 * clients send answer before any parsing, and the rest are remembered like the other negotiations.
 */
export function acceptsEventStream(accept: string | undefined): boolean {
  if (accept === undefined || accept === JSON_TYPE || accept === GRAPHQL_RESPONSE_JSON)
    return false;
  return eventStreamMemo(accept) !== '';
}

/** True when a browser asks for a page: `text/html` ranks at least as high as any JSON type. */
export function prefersHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  let html = 0;
  let json = 0;
  for (const range of parseMediaRanges(accept)) {
    if (range.type === 'text/html') html = Math.max(html, range.q);
    else if (range.type === JSON_TYPE || range.type === GRAPHQL_RESPONSE_JSON)
      json = Math.max(json, range.q);
  }
  return html > 0 && html >= json;
}

export interface ContentType {
  readonly type: string;
  readonly charset: string | undefined;
}

const parseContentTypeMemo = memoByHeader((header): ContentType | null => {
  if (header.trim() === '') return null;
  const [range] = parseMediaRanges(header);
  if (!range) return null;
  return { type: range.type, charset: range.params['charset'] };
});

const PLAIN_JSON: ContentType = { type: JSON_TYPE, charset: undefined };

export function parseContentType(header: string | undefined): ContentType | null {
  if (header === undefined) return null;
  return header === JSON_TYPE ? PLAIN_JSON : parseContentTypeMemo(header);
}
