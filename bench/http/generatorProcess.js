// Runs a load generator process with a hard deadline: a generator that hangs is killed with its
// whole process group, so the benchmark always ends.
import { track } from './children.js';
import { applyPriority } from './priority.js';

const GRACE_S = 15;

/** `start()` must spawn with `detached: true` (own process group) and piped stdout/stderr. */
export function runGenerator(start, durationS) {
  return new Promise((resolve, reject) => {
    const child = track(start(), { group: true });
    applyPriority(child.pid);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    const deadline = setTimeout(
      () => {
        killGroup(child);
        reject(new Error(`load generator still running after ${durationS + GRACE_S}s: killed`));
      },
      (durationS + GRACE_S) * 1000,
    );
    child.once('error', reject);
    child.once('close', (code, signal) => {
      clearTimeout(deadline);
      if (code === 0) resolve({ stdout, stderr });
      else reject(new Error(`load generator failed (${signal ?? code}):\n${stdout}\n${stderr}`));
    });
  });
}

/** Kills a detached child and everything it started (its process group). */
export function killGroup(child) {
  try {
    process.kill(-child.pid, 'SIGKILL');
  } catch {
    // Already gone.
  }
}
