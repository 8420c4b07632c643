import type { EngineStats } from '../engine/index.js';

/** Upper bounds (seconds) of the latency histogram's buckets: 1 ms to 10 s. */
const BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10] as const;

export type OperationLabel = 'query' | 'mutation' | 'subscription' | 'none';

/**
 * Counters for GET /metrics, rendered in the Prometheus text exposition format (version 0.0.4).
 * Only requests to the GraphQL endpoint are counted; labels take a handful of values each
 * (operation type × status), never user text, so the series count stays bounded.
 */
export class Metrics {
  /** Counts by operation type, then status: no string is built per request. */
  private readonly requests = new Map<OperationLabel, Map<number, { count: number }>>();
  private readonly errors = { request: 0, field: 0 };
  /** Non-cumulative per bucket (the last slot is above 10 s); cumulated when rendered. */
  private readonly bucketCounts = new Array<number>(BUCKETS.length + 1).fill(0);
  private durationSum = 0;
  private durationCount = 0;
  inFlight = 0;

  recordRequest(operation: OperationLabel, status: number, seconds: number): void {
    let byStatus = this.requests.get(operation);
    if (!byStatus) this.requests.set(operation, (byStatus = new Map()));
    const counter = byStatus.get(status);
    if (counter) counter.count++;
    else byStatus.set(status, { count: 1 });
    this.durationSum += seconds;
    this.durationCount++;
    let i = 0;
    while (i < BUCKETS.length && seconds > (BUCKETS[i] as number)) i++;
    this.bucketCounts[i] = (this.bucketCounts[i] ?? 0) + 1;
  }

  /** `request`: errors that stopped the operation (no data); `field`: errors beside data. */
  recordErrors(kind: 'request' | 'field', count: number): void {
    this.errors[kind] += count;
  }

  render(stats: EngineStats): string {
    const lines: string[] = [];
    const metric = (name: string, type: string, help: string) =>
      lines.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);

    metric(
      'sluice_http_requests_total',
      'counter',
      'GraphQL HTTP requests by operation type and status.',
    );
    const series: string[] = [];
    for (const [operation, byStatus] of this.requests) {
      for (const [status, { count }] of byStatus) {
        series.push(
          `sluice_http_requests_total{operation_type="${operation}",status="${status}"} ${count}`,
        );
      }
    }
    lines.push(...series.sort());
    metric(
      'sluice_graphql_errors_total',
      'counter',
      'GraphQL errors sent, by kind (request or field).',
    );
    lines.push(`sluice_graphql_errors_total{kind="request"} ${this.errors.request}`);
    lines.push(`sluice_graphql_errors_total{kind="field"} ${this.errors.field}`);

    metric('sluice_http_request_duration_seconds', 'histogram', 'GraphQL HTTP request latency.');
    let cumulative = 0;
    BUCKETS.forEach((le, i) => {
      cumulative += this.bucketCounts[i] ?? 0;
      lines.push(`sluice_http_request_duration_seconds_bucket{le="${le}"} ${cumulative}`);
    });
    lines.push(`sluice_http_request_duration_seconds_bucket{le="+Inf"} ${this.durationCount}`);
    lines.push(`sluice_http_request_duration_seconds_sum ${this.durationSum}`);
    lines.push(`sluice_http_request_duration_seconds_count ${this.durationCount}`);

    metric('sluice_http_requests_in_flight', 'gauge', 'GraphQL HTTP requests being handled now.');
    lines.push(`sluice_http_requests_in_flight ${this.inFlight}`);

    metric('sluice_plan_cache_hits_total', 'counter', 'Documents served from the plan cache.');
    lines.push(`sluice_plan_cache_hits_total ${stats.planCacheHits}`);
    metric('sluice_plan_cache_misses_total', 'counter', 'Documents parsed, validated and planned.');
    lines.push(`sluice_plan_cache_misses_total ${stats.planCacheMisses}`);
    metric('sluice_plan_cache_entries', 'gauge', 'Documents held in the plan cache.');
    lines.push(`sluice_plan_cache_entries ${stats.planCacheSize}`);
    return lines.join('\n') + '\n';
  }
}
