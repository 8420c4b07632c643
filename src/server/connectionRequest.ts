import type { HttpRequest } from './types.js';

const isMap = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const authorizationOf = (map: Readonly<Record<string, unknown>>): unknown[] =>
  Object.keys(map)
    .filter((name) => name.toLowerCase() === 'authorization')
    .map((name) => map[name]);

/**
 * The credentials a graphql-ws `connection_init` payload carries, as `Authorization` header
 * values: `Authorization` (in any case), the same under `headers`, and `token` (taken as
 * `Bearer <token>`). A value that is not a string stands as one that is no bearer credential
 * (refused, never read as no credential); null is none.
 */
function credentialsOf(params: Readonly<Record<string, unknown>> | undefined): string[] {
  if (params === undefined) return [];
  const headers = isMap(params['headers']) ? params['headers'] : undefined;
  const found: string[] = [];
  // A header's name in any case (HTTP's are case-insensitive): one in a case not looked for
  // would be a credential dropped, and the socket run as the anonymous role.
  for (const value of [...authorizationOf(params), ...(headers ? authorizationOf(headers) : [])]) {
    if (value != null) found.push(typeof value === 'string' ? value : '');
  }
  const token = params['token'];
  if (token != null) found.push(typeof token === 'string' ? `Bearer ${token}` : '');
  return found;
}

/**
 * The request a graphql-ws connection's operations are made with (`contextValue(request, …)`):
 * the upgrade request, whose `authorization` is the credential of the `connection_init` payload
 * when it carries one (a browser cannot set an upgrade's headers). Two different credentials —
 * in the payload, or one there and another in the upgrade's header — become several
 * `Authorization` values, which verification refuses rather than choose one (docs/auth.md).
 */
export function connectionRequest(
  upgrade: HttpRequest,
  params: Readonly<Record<string, unknown>> | undefined,
): HttpRequest {
  const given = credentialsOf(params);
  if (given.length === 0) return upgrade;
  const header = upgrade.headers['authorization'];
  const distinct = [
    ...new Set([
      ...given,
      ...(header === undefined ? [] : typeof header === 'string' ? [header] : header),
    ]),
  ];
  const authorization = distinct.length === 1 ? (distinct[0] as string) : distinct;
  return { ...upgrade, headers: { ...upgrade.headers, authorization } };
}
