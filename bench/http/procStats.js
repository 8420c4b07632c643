// CPU time and resident memory of a process, read from /proc (Linux), so every contender is
// measured the same way from outside, whatever it runs.
import { readFileSync } from 'node:fs';

// USER_HZ is 100 on every Linux ABI Node supports (times(2), proc(5)).
const CLOCK_TICKS_PER_SECOND = 100;

/** User + system CPU milliseconds the process has used so far (all its threads). */
export function cpuMs(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const utime = Number(fields[11]); // field 14 in proc(5)
  const stime = Number(fields[12]); // field 15
  return ((utime + stime) * 1000) / CLOCK_TICKS_PER_SECOND;
}

/** Resident set size in MiB (VmRSS). */
export function rssMiB(pid) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+) kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS for pid ${pid}`);
  return Number(match[1]) / 1024;
}
