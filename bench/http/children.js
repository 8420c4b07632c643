// Every process the benchmark starts is tracked here, so that any exit of the orchestrator (end,
// error, Ctrl-C, SIGTERM) kills what is still running: no server or generator outlives a run.

const live = new Map(); // child -> true when it leads its own process group (load generators)

/** Tracks `child` until it exits. `group`: the child was spawned detached; kill its whole group. */
export function track(child, { group = false } = {}) {
  live.set(child, group);
  child.once('exit', () => live.delete(child));
  return child;
}

/** Synchronous so it can run in a process 'exit' handler. */
export function killAll() {
  for (const [child, group] of live) {
    try {
      if (group) process.kill(-child.pid, 'SIGKILL');
      else child.kill('SIGKILL');
    } catch {
      // Already gone.
    }
  }
  live.clear();
}

let installed = false;

/** Kills every tracked child when this process exits, however it exits. */
export function killChildrenOnExit() {
  if (installed) return;
  installed = true;
  process.on('exit', killAll);
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
    process.on(signal, () => {
      killAll();
      process.exit(128 + (signal === 'SIGINT' ? 2 : signal === 'SIGTERM' ? 15 : 1));
    });
  }
}
