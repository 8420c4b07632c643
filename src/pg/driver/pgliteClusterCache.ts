import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';
import type { PGlite } from '@electric-sql/pglite';

/**
 * A new in-memory PGlite runs `initdb` (in a second WebAssembly instance) before it can answer:
 * measured here at 6.5–13 s, against about 1.2 s to start from a dump of a fresh cluster. PGlite
 * itself starts every new database from such a dump, made by that initdb run; this cache keeps
 * the dump of the first fresh cluster (before any statement ran) so later starts skip initdb.
 *
 * The file lives in `node_modules/.cache/sluice/` beside the installed PGlite and is named after
 * its version, so an upgrade never loads an old cluster. Everything here is best effort: a cache
 * that cannot be read or written only means initdb runs.
 */
export interface ClusterCache {
  /** Where the dump is kept. */
  readonly file: string;
  /** The dump of a fresh cluster, or undefined when there is none (yet). */
  read(): Blob | undefined;
  /** Keeps `db`'s cluster; call it right after start, before any statement. */
  write(db: PGlite): Promise<void>;
  /** Forgets a dump that failed to load. */
  drop(): void;
}

export function clusterCache(): ClusterCache | undefined {
  const file = cacheFile();
  if (!file) return undefined;
  return {
    file,
    read() {
      try {
        return new Blob([readFileSync(file)]);
      } catch {
        return undefined;
      }
    },
    async write(db) {
      try {
        const dump = await db.dumpDataDir('gzip');
        mkdirSync(dirname(file), { recursive: true });
        // Written aside, then renamed: concurrent starts (test workers) never see half a file.
        const partial = `${file}.${process.pid}.partial`;
        writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
        renameSync(partial, file);
      } catch {
        // A read-only node_modules: no cache, initdb runs each time.
      }
    },
    drop() {
      rmSync(file, { force: true });
    },
  };
}

function cacheFile(): string | undefined {
  try {
    const require = createRequire(import.meta.url);
    const entry = require.resolve('@electric-sql/pglite');
    const marker = `${sep}node_modules${sep}`;
    const at = entry.lastIndexOf(marker);
    if (at < 0) return undefined;
    const nodeModules = entry.slice(0, at + marker.length - 1);
    const manifest = join(nodeModules, '@electric-sql', 'pglite', 'package.json');
    const { version } = JSON.parse(readFileSync(manifest, 'utf8')) as { version: string };
    if (!/^[\w.-]+$/.test(version)) return undefined;
    return join(nodeModules, '.cache', 'sluice', `pglite-${version}-cluster.tar.gz`);
  } catch {
    return undefined;
  }
}
