/**
 * The options of `serve` and `demo` for subscriptions over WebSocket and SSE (docs/realtime.md), in
 * the shape of the one options table (options.ts spreads them into it; this file imports nothing
 * of it).
 */
export interface RealtimeConfig {
  realtime: boolean;
  connectionInitTimeoutMs: number | undefined;
  keepAliveMs: number | undefined;
  maxSubscriptionsPerConnection: number | undefined;
  maxQueuedMessages: number | undefined;
  maxQueuedBytes: number | undefined;
  liveDebounceMs: number | undefined;
}

export const REALTIME_DEFAULTS: RealtimeConfig = {
  realtime: true,
  connectionInitTimeoutMs: undefined,
  keepAliveMs: undefined,
  maxSubscriptionsPerConnection: undefined,
  maxQueuedMessages: undefined,
  maxQueuedBytes: undefined,
  liveDebounceMs: undefined,
};

const both = ['serve', 'demo'] as const;

export const REALTIME_OPTIONS = [
  {
    name: 'realtime',
    kind: { type: 'boolean' },
    commands: both,
    help: 'serve graphql-ws (WebSocket) and graphql-sse (text/event-stream) at the endpoint',
  },
  {
    name: 'connectionInitTimeoutMs',
    kind: { type: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER },
    commands: both,
    placeholder: 'ms',
    help: 'WebSocket: close a socket with no connection_init by then (4408)',
    defaultHelp: '10000',
  },
  {
    name: 'keepAliveMs',
    kind: { type: 'integer', min: 0, max: Number.MAX_SAFE_INTEGER },
    commands: both,
    placeholder: 'ms',
    help: 'WebSocket: ping interval; a socket silent for two is dropped, 0 = off',
    defaultHelp: '12000',
  },
  {
    name: 'maxSubscriptionsPerConnection',
    kind: { type: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER },
    commands: both,
    placeholder: 'n',
    help: 'WebSocket: operations open at once on one socket, else closed (4430)',
    defaultHelp: '100',
  },
  {
    name: 'maxQueuedMessages',
    kind: { type: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER },
    commands: both,
    placeholder: 'n',
    help: 'messages a socket or event stream may hold unread by its client, else closed (4413, SLOW_CONSUMER)',
    defaultHelp: '1000',
  },
  {
    name: 'maxQueuedBytes',
    kind: { type: 'integer', min: 1, max: Number.MAX_SAFE_INTEGER },
    commands: both,
    placeholder: 'n',
    help: 'bytes a socket or event stream may hold unread by its client, else closed (4413, SLOW_CONSUMER)',
    defaultHelp: '4 MiB',
  },
  {
    name: 'liveDebounceMs',
    kind: { type: 'integer', min: 0, max: 60_000 },
    commands: ['serve'],
    placeholder: 'ms',
    help: 'live queries: wait this long after a change before running one again',
    defaultHelp: '10',
  },
] as const satisfies ReadonlyArray<{
  readonly name: keyof RealtimeConfig;
  readonly kind:
    | { readonly type: 'boolean' }
    | { readonly type: 'integer'; readonly min: number; readonly max: number };
  readonly commands: readonly ('serve' | 'demo')[];
  readonly placeholder?: string;
  readonly help: string;
  readonly defaultHelp?: string;
}>;
