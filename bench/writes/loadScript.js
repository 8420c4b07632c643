// How the benchmark drives load.lua: the document of a cell written to a file once, and the
// environment of one wrk run.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CUSTOMERS } from './fixture.js';
import { WORKLOADS } from './documents.js';

export const LOAD_SCRIPT = fileURLToPath(new URL('./load.lua', import.meta.url));

/** A directory for the documents of one benchmark run; `remove()` at the end. */
export function documentFiles() {
  const dir = mkdtempSync(join(tmpdir(), 'sluice-bench-writes-'));
  const written = new Map();
  return {
    /** The file holding the document of (workload, batch, dialect) as a JSON string. */
    file(workload, batch, dialect) {
      const key = `${workload}-${batch}-${dialect}`;
      if (!written.has(key)) {
        const path = join(dir, `${key}.json`);
        writeFileSync(path, JSON.stringify(WORKLOADS[workload].documents(batch)[dialect]));
        written.set(key, path);
      }
      return written.get(key);
    },
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** A fresh nonce for load.lua: new keys and names that no earlier run on this fixture used. */
export const randomNonce = () => 2 + Math.floor(Math.random() * 0x7ffffffd);

/** The environment of load.lua for one wrk run (see the header of load.lua). */
export function loadEnv({ documentFile, workload, dialect, batch, nonce, dump, max }) {
  return {
    WRK_DOCUMENT_FILE: documentFile,
    WRK_WORKLOAD: workload,
    // PostGraphile batches writes as aliased root fields, each with its own input variable.
    WRK_ALIASED: dialect === 'postgraphile' ? '1' : '0',
    WRK_BATCH: String(batch),
    WRK_NONCE: String(nonce),
    WRK_CUSTOMERS: String(CUSTOMERS),
    ...(dump ? { WRK_DUMP: dump, WRK_MAX: String(max) } : {}),
  };
}
