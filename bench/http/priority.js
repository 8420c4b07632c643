// Optional scheduling priority for the processes of a run (--priority). Linux schedules by
// autogroup (one per session, /proc/sys/kernel/sched_autogroup_enabled): a plain nice value only
// ranks processes inside their own session, so each server and generator is started in a session
// of its own (detached) and the nice value is set on that session's autogroup (sched(7)).
import { writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

let nice;

/** Sets the nice value that `applyPriority` gives later processes; undefined leaves them as they are. */
export function setRunPriority(value) {
  nice = value;
}

/** Gives `pid` (a session leader) and its autogroup the run's nice value. */
export function applyPriority(pid) {
  if (nice === undefined) return;
  setPriority(pid, nice);
  try {
    writeFileSync(`/proc/${pid}/autogroup`, String(nice));
  } catch {
    // No autogroups on this kernel: the process nice value above is what counts.
  }
}
