import { GraphQLError } from 'graphql';
import { ErrorCode } from '../../engine/index.js';

/**
 * A bounded pool's admission control: at most `max` queries hold a connection at once; the others
 * wait in line, and one that waits longer than `acquireTimeoutMs` fails with a clear error instead
 * of queueing forever (postgres.js queues without a limit, so the pool's bound is enforced here).
 */
export class ConnectionGate {
  private active = 0;
  private readonly waiting: Array<{ grant: () => void; timer: NodeJS.Timeout }> = [];

  constructor(
    private readonly max: number,
    private readonly acquireTimeoutMs: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    await this.acquire();
    try {
      return await task();
    } finally {
      this.release();
    }
  }

  private acquire(): Promise<void> {
    if (this.active < this.max) {
      this.active++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const entry = {
        grant: () => {
          clearTimeout(entry.timer);
          this.active++;
          resolve();
        },
        timer: setTimeout(() => {
          this.waiting.splice(this.waiting.indexOf(entry), 1);
          reject(acquireTimeoutError(this.max, this.acquireTimeoutMs));
        }, this.acquireTimeoutMs),
      };
      this.waiting.push(entry);
    });
  }

  private release(): void {
    this.active--;
    this.waiting.shift()?.grant();
  }
}

export function acquireTimeoutError(max: number, ms: number): GraphQLError {
  return new GraphQLError(
    `No database connection became free within ${ms} ms (all ${max} connections of the pool are busy).`,
    { extensions: { code: ErrorCode.DATABASE_ERROR } },
  );
}
