import { mkdirSync, writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

/**
 * Runs `work`, and when `dir` is given records a V8 CPU profile of it into `dir/<name>-<time>.cpuprofile`
 * (open it in Chrome DevTools or speedscope). Only the measured rounds are profiled, not the set-up.
 *
 * @template T
 * @param {string | undefined} dir
 * @param {string} name
 * @param {() => Promise<T>} work
 * @returns {Promise<T>}
 */
export async function profileWhile(dir, name, work) {
  if (dir === undefined) return work();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  try {
    return await work();
  } finally {
    const { profile } = await session.post('Profiler.stop');
    session.disconnect();
    mkdirSync(dir, { recursive: true });
    const file = join(dir, `${name}-${Date.now()}.cpuprofile`);
    writeFileSync(file, JSON.stringify(profile));
    console.log(`CPU profile: ${file}`);
  }
}
