import { describe, expect, it } from 'vitest';
import { Metrics } from './Metrics.js';

const stats = { planCacheHits: 0, planCacheMisses: 0, planCacheSize: 0 } as never;

describe('Metrics.render', () => {
  it('histogram buckets are cumulative (le="10" counts every request at or below 10 s)', () => {
    const m = new Metrics();
    m.recordRequest('query', 200, 0.0005); // bucket le=0.001
    m.recordRequest('query', 200, 0.3); // bucket le=0.5
    m.recordRequest('query', 200, 3); // bucket le=5
    const text = m.render(stats);
    const v = (le: string) =>
      Number(
        text
          .split('\n')
          .find((l) => l.startsWith(`sluice_http_request_duration_seconds_bucket{le="${le}"} `))!
          .split(' ')[1],
      );
    expect(v('0.001')).toBe(1);
    expect(v('0.5')).toBe(2);
    expect(v('5')).toBe(3);
    expect(v('10')).toBe(3);
    expect(v('+Inf')).toBe(3);
  });
});
