export interface PostOptions {
  /** Sent as `Authorization: Bearer <bearer>`. */
  readonly bearer?: string;
  readonly headers?: Record<string, string>;
}

/** POSTs one GraphQL query as JSON to a running `sluice serve`. */
export function postQuery(
  url: string,
  query: string,
  options: PostOptions = {},
): Promise<Response> {
  return fetch(url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(options.bearer === undefined ? {} : { authorization: `Bearer ${options.bearer}` }),
      ...options.headers,
    },
    body: JSON.stringify({ query }),
  });
}
