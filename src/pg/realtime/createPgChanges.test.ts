import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SqlClient } from '../driver/SqlClient.js';
import { createPgChanges } from './createPgChanges.js';

/**
 * The heartbeat against a client whose LISTEN and NOTIFY are in the test's hands: a beat that
 * waits for a pool connection is not a lost LISTEN; a beat PostgreSQL took and never sent back is.
 */
function fakeClient() {
  const listens: Array<(payload: string) => void> = [];
  const beats: Array<{ payload: string; taken: () => void }> = [];
  const client = {
    driver: 'fake',
    listen: (_channel: string, onNotify: (payload: string) => void, onListen?: () => void) => {
      listens.push(onNotify);
      onListen?.();
      return Promise.resolve(() => Promise.resolve());
    },
    query: (_text: string, values: ReadonlyArray<unknown>) =>
      new Promise((resolve) =>
        beats.push({ payload: String(values[1]), taken: () => resolve([]) }),
      ),
  } as unknown as SqlClient;
  return { client, listens, beats };
}

/** Changes over a fake client, beating every 100 ms, with one listener, once listening. */
async function listening() {
  const { client, listens, beats } = fakeClient();
  const changes = createPgChanges(client, { heartbeatMs: 100 });
  const missed = vi.fn();
  changes.subscribe({ batch: () => {}, missed });
  await changes.listening;
  return { changes, listens, beats, missed };
}

describe('createPgChanges heartbeat', () => {
  beforeEach(() => {
    vi.useFakeTimers({
      toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'performance'],
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('waits for a beat still queued for the pool instead of listening anew', async () => {
    const { changes, listens, beats, missed } = await listening();
    await vi.advanceTimersByTimeAsync(100);
    expect(beats).toHaveLength(1);
    // Three more intervals with the beat still unsent: no new beat, no new LISTEN, nothing missed.
    await vi.advanceTimersByTimeAsync(300);
    expect(beats).toHaveLength(1);
    expect(listens).toHaveLength(1);
    // Sent at last, and heard: the next beat goes out as usual.
    beats[0]!.taken();
    listens[0]!(beats[0]!.payload);
    await vi.advanceTimersByTimeAsync(100);
    expect(beats).toHaveLength(2);
    expect(listens).toHaveLength(1);
    expect(missed).not.toHaveBeenCalled();
    await changes.close();
  });

  it('listens anew, and says so, when a beat PostgreSQL took never comes back', async () => {
    const { changes, listens, beats, missed } = await listening();
    await vi.advanceTimersByTimeAsync(100);
    beats[0]!.taken();
    await vi.advanceTimersByTimeAsync(100);
    expect(listens).toHaveLength(2);
    expect(missed).toHaveBeenCalledTimes(1);
    await changes.close();
  });

  it('gives a beat taken just before the next tick the time to come back', async () => {
    const { changes, listens, beats, missed } = await listening();
    await vi.advanceTimersByTimeAsync(100);
    await vi.advanceTimersByTimeAsync(90);
    beats[0]!.taken();
    await vi.advanceTimersByTimeAsync(10);
    expect(listens).toHaveLength(1);
    listens[0]!(beats[0]!.payload);
    await vi.advanceTimersByTimeAsync(100);
    expect(listens).toHaveLength(1);
    expect(beats).toHaveLength(2);
    expect(missed).not.toHaveBeenCalled();
    await changes.close();
  });
});
