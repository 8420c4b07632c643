import type { RealtimeOptions } from './types.js';

/** The streaming transports' limits, every one decided (RealtimeOptions has the defaults' meaning). */
export interface RealtimeLimits {
  readonly connectionInitTimeoutMs: number;
  readonly keepAliveMs: number;
  readonly maxSubscriptionsPerConnection: number;
  readonly maxQueuedMessages: number;
  readonly maxQueuedBytes: number;
  readonly maxMessageBytes: number;
}

export const REALTIME_DEFAULTS = {
  connectionInitTimeoutMs: 10_000,
  keepAliveMs: 12_000,
  maxSubscriptionsPerConnection: 100,
  maxQueuedMessages: 1000,
  maxQueuedBytes: 4 * 1024 * 1024,
} as const;

export function realtimeLimits(options: RealtimeOptions, maxBodyBytes: number): RealtimeLimits {
  return {
    connectionInitTimeoutMs:
      options.connectionInitTimeoutMs ?? REALTIME_DEFAULTS.connectionInitTimeoutMs,
    keepAliveMs: options.keepAliveMs ?? REALTIME_DEFAULTS.keepAliveMs,
    maxSubscriptionsPerConnection:
      options.maxSubscriptionsPerConnection ?? REALTIME_DEFAULTS.maxSubscriptionsPerConnection,
    maxQueuedMessages: options.maxQueuedMessages ?? REALTIME_DEFAULTS.maxQueuedMessages,
    maxQueuedBytes: options.maxQueuedBytes ?? REALTIME_DEFAULTS.maxQueuedBytes,
    maxMessageBytes: options.maxMessageBytes ?? maxBodyBytes,
  };
}
