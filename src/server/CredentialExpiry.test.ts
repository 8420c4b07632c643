import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CredentialExpiry } from './CredentialExpiry.js';

const DAY = 24 * 3600 * 1000;

describe('CredentialExpiry', () => {
  beforeEach(() => vi.useFakeTimers({ now: 1_000_000 }));
  afterEach(() => vi.useRealTimers());

  it('fires once, at the earliest time given', () => {
    let fired = 0;
    const expiry = new CredentialExpiry(() => fired++);
    expiry.expireAt(Date.now() + 5000);
    expiry.expireAt(Date.now() + 2000);
    expiry.expireAt(Date.now() + 9000);
    expiry.expireAt(Number.NaN);
    vi.advanceTimersByTime(1999);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(1);
    expect(fired).toBe(1);
    vi.advanceTimersByTime(20_000);
    expiry.expireAt(Date.now() + 1);
    vi.advanceTimersByTime(10);
    expect(fired).toBe(1);
  });

  it('fires on the next turn for a time already past, and never once cancelled', () => {
    let fired = 0;
    const past = new CredentialExpiry(() => fired++);
    past.expireAt(Date.now() - 60_000);
    vi.advanceTimersByTime(0);
    expect(fired).toBe(1);
    const cancelled = new CredentialExpiry(() => fired++);
    cancelled.expireAt(Date.now() + 100);
    cancelled.cancel();
    vi.advanceTimersByTime(1000);
    expect(fired).toBe(1);
  });

  it('waits out a time beyond what one timer can (a token valid for 30 days)', () => {
    let fired = 0;
    const expiry = new CredentialExpiry(() => fired++);
    expiry.expireAt(Date.now() + 30 * DAY);
    vi.advanceTimersByTime(29 * DAY);
    expect(fired).toBe(0);
    vi.advanceTimersByTime(DAY);
    expect(fired).toBe(1);
  });
});
