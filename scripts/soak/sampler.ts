import { readFileSync } from 'node:fs';

/** Resident memory of one process, from /proc/<pid>/status (kB there, bytes here). */
export interface Rss {
  /** VmRSS: everything resident, shared pages included (PostgreSQL's shared buffers count). */
  readonly rss: number;
  /** RssAnon: private anonymous memory, where a leak shows. */
  readonly anon: number;
}

export function readRss(pid: number): Rss | undefined {
  let status: string;
  try {
    status = readFileSync(`/proc/${pid}/status`, 'utf8');
  } catch {
    return undefined;
  }
  const kb = (field: string) =>
    Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0) * 1024;
  return { rss: kb('VmRSS'), anon: kb('RssAnon') };
}

/** One sample: the server process, and every backend serving it (summed, and the largest). */
export interface Sample {
  readonly node: Rss;
  readonly backends: number;
  readonly backendRss: number;
  readonly backendAnon: number;
  readonly largestBackendRss: number;
}

/** Peak and last of each figure over the samples taken. */
export interface Figures {
  samples: number;
  peak: Sample;
  last: Sample | undefined;
}

const ZERO: Sample = {
  node: { rss: 0, anon: 0 },
  backends: 0,
  backendRss: 0,
  backendAnon: 0,
  largestBackendRss: 0,
};

/**
 * Samples the server's and its backends' memory every `intervalMs` until stopped. `backendPids`
 * says which PostgreSQL backends serve it now (none for a schema module).
 */
export function startSampling(
  pid: number,
  backendPids: () => Promise<number[]>,
  intervalMs = 1000,
): { stop(): Promise<Figures> } {
  const figures: Figures = { samples: 0, peak: ZERO, last: undefined };
  let running = true;
  const take = async () => {
    const node = readRss(pid);
    if (!node) return;
    const backends = (await backendPids().catch(() => []))
      .map(readRss)
      .filter((r) => r !== undefined);
    const sample: Sample = {
      node,
      backends: backends.length,
      backendRss: backends.reduce((sum, r) => sum + r.rss, 0),
      backendAnon: backends.reduce((sum, r) => sum + r.anon, 0),
      largestBackendRss: Math.max(0, ...backends.map((r) => r.rss)),
    };
    const p = figures.peak;
    figures.peak = {
      node: { rss: Math.max(p.node.rss, node.rss), anon: Math.max(p.node.anon, node.anon) },
      backends: Math.max(p.backends, sample.backends),
      backendRss: Math.max(p.backendRss, sample.backendRss),
      backendAnon: Math.max(p.backendAnon, sample.backendAnon),
      largestBackendRss: Math.max(p.largestBackendRss, sample.largestBackendRss),
    };
    figures.last = sample;
    figures.samples++;
  };
  const loop = (async () => {
    while (running) {
      await take();
      await new Promise((r) => setTimeout(r, intervalMs));
    }
    await take();
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return figures;
    },
  };
}
