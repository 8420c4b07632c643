// CPU time and memory of a process read from /proc (Linux), so every contender is measured the
// same way from outside, whatever it runs.
import { readFileSync } from 'node:fs';

// USER_HZ is 100 on every Linux ABI Node supports (see times(2), proc(5)).
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds used so far by the process (all its threads). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** `{ rssMiB, peakMiB }`: resident set size now (VmRSS) and its high-water mark (VmHWM). */
export function memory(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (name) => {
    const match = new RegExp(`^${name}:\\s+(\\d+) kB$`, 'm').exec(status);
    if (!match) throw new Error(`/proc/${pid}/status has no ${name}`);
    return Number(match[1]);
  };
  return { rssMiB: kib('VmRSS') / 1024, peakMiB: kib('VmHWM') / 1024 };
}

/**
 * CPU milliseconds used so far by every PostgreSQL backend serving `database` (the contender's
 * pool), so the report can show how the work splits between Node and Postgres.
 */
export function postgresCpuMs(backendPids) {
  let total = 0;
  for (const pid of backendPids) {
    try {
      total += cpuMs(pid);
    } catch {
      // A backend that exited during the run took its CPU time with it; count what remains.
    }
  }
  return total;
}
