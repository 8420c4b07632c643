import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import postgres from 'postgres';
import { createDemoDatabase } from '../../src/pg/demo/createDemoDatabase.js';
import { createPostgresClient } from '../../src/pg/driver/createPostgresClient.js';

const root = fileURLToPath(new URL('../../', import.meta.url));

export interface RunningSluice {
  readonly pid: number;
  readonly port: number;
  /** SIGTERM, then the exit code (SIGKILL after 20 s). */
  stop(): Promise<number | null>;
}

/** `node bin/sluice.js serve <args> --port 0` (the built CLI), once it listens on 127.0.0.1. */
export async function startSluice(args: readonly string[]): Promise<RunningSluice> {
  const child = spawn(
    process.execPath,
    [
      'bin/sluice.js',
      'serve',
      ...args,
      '--host',
      '127.0.0.1',
      '--port',
      '0',
      '--log-level',
      'error',
    ],
    { cwd: root, stdio: ['ignore', 'inherit', 'pipe'] },
  );
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => resolve(code)),
  );
  let stderr = '';
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`sluice did not listen within 120 s:\n${stderr}`)),
      120_000,
    );
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
      const match = /serving GraphQL at (http:\/\/\S+)/.exec(stderr);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`sluice exited with ${code}:\n${stderr}`));
    });
  }).catch((error: unknown) => {
    child.kill('SIGKILL');
    throw error;
  });
  return {
    pid: child.pid as number,
    port: Number(new URL(url).port),
    async stop() {
      if (child.exitCode !== null) return child.exitCode;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      const code = await exited;
      clearTimeout(timer);
      return code;
    },
  };
}

export interface SoakDatabase {
  readonly name: string;
  readonly url: string;
  /** Pids of the backends Sluice holds open on this database now. */
  backendPids(): Promise<number[]>;
  /** Drops the database (WITH FORCE) and closes the admin connection. */
  drop(): Promise<void>;
}

/** Only loopback servers: the soak never sends traffic anywhere else. */
export function assertLoopback(url: string): void {
  const host = new URL(url).hostname;
  if (!['127.0.0.1', 'localhost', '[::1]', '::1'].includes(host)) {
    throw new Error(`the soak only talks to a server on this machine (127.0.0.1), not ${host}`);
  }
}

/** A new database `sluice_soak_<random>` on the server at `serverUrl`, seeded with the demo data. */
export async function createSoakDatabase(serverUrl: string): Promise<SoakDatabase> {
  assertLoopback(serverUrl);
  const name = `sluice_soak_${randomBytes(6).toString('hex')}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  // `name` is made here from hex digits only; CREATE DATABASE takes no bind parameters.
  await admin.unsafe(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  try {
    const seed = createPostgresClient(url.toString(), { max: 1 });
    await createDemoDatabase(seed);
    await seed.end();
  } catch (error) {
    await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    await admin.end();
    throw error;
  }
  return {
    name,
    url: url.toString(),
    async backendPids() {
      const rows = await admin<Array<{ pid: number }>>`
        SELECT pid FROM pg_stat_activity WHERE application_name = 'sluice' AND datname = ${name}`;
      return rows.map((r) => r.pid);
    },
    async drop() {
      await admin.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
    },
  };
}
