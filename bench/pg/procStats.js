// CPU time and memory of a process read from /proc (Linux), so every contender is measured the
// same way from outside, whatever it runs, and however many processes it runs in.
import { readdirSync, readFileSync } from 'node:fs';

// USER_HZ is 100 on every Linux ABI Node supports (see times(2), proc(5)).
const CLOCK_TICKS_PER_SECOND = 100;

/** The fields of /proc/<pid>/stat after the command name, so `fields[0]` is field 3 (state). */
function statFields(pid) {
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) is in parentheses and may hold spaces: count after the last ')'.
  return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
}

const ticksToMs = (ticks) => (ticks * 1000) / CLOCK_TICKS_PER_SECOND;

/** User + system CPU milliseconds used so far by the process (all its threads). */
export function cpuMs(pid) {
  const fields = statFields(pid);
  return ticksToMs(Number(fields[11]) + Number(fields[12]));
}

/**
 * User + system CPU milliseconds of the children this process has waited for (cutime + cstime
 * of `pid`, default this process): a load generator's CPU, read after it exited.
 */
export function reapedChildrenCpuMs(pid = 'self') {
  const fields = statFields(pid);
  return ticksToMs(Number(fields[13]) + Number(fields[14]));
}

/**
 * `pid` and every process below it (children, grandchildren, ...), from
 * /proc/<pid>/task/<tid>/children of each thread. A process that exits while the tree is read is
 * left out.
 */
export function processTree(pid) {
  const found = [];
  const pending = [pid];
  while (pending.length > 0) {
    const next = pending.pop();
    let tasks;
    try {
      tasks = readdirSync(`/proc/${next}/task`);
    } catch {
      continue;
    }
    found.push(next);
    for (const task of tasks) {
      let children = '';
      try {
        children = readFileSync(`/proc/${next}/task/${task}/children`, 'utf8');
      } catch {
        // The thread ended.
      }
      for (const child of children.split(' ').filter(Boolean)) pending.push(Number(child));
    }
  }
  return found;
}

/**
 * CPU milliseconds of the whole process tree under `pid` (a contender that runs in several
 * processes, as `sluice serve --workers N` does: its primary and every worker): each process's
 * own time plus that of its children it has reaped (a worker that exited and was restarted).
 * With `systemOnly`, the part spent in the kernel (system time: its system calls, such as each
 * socket write) alone.
 */
export function treeCpuMs(pid, systemOnly = false) {
  let total = 0;
  for (const member of processTree(pid)) {
    try {
      const fields = statFields(member);
      const user = systemOnly ? 0 : Number(fields[11]) + Number(fields[13]);
      total += ticksToMs(user + Number(fields[12]) + Number(fields[14]));
    } catch {
      // Exited while being read: its time moves to its parent's reaped-children time.
    }
  }
  return total;
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

/** `memory()` summed over the process tree under `pid` (shared pages count once per process). */
export function treeMemory(pid) {
  let rssMiB = 0;
  let peakMiB = 0;
  for (const member of processTree(pid)) {
    try {
      const m = memory(member);
      rssMiB += m.rssMiB;
      peakMiB += m.peakMiB;
    } catch {
      // Exited while being read.
    }
  }
  return { rssMiB, peakMiB };
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
