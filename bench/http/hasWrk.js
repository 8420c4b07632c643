import { spawnSync } from 'node:child_process';

/** True when `wrk` is on the PATH (Debian package `wrk`). */
export function hasWrk() {
  return spawnSync('wrk', ['--version'], { stdio: 'ignore' }).error === undefined;
}
