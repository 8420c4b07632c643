import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

describe('what generated code hands to the interpreter', () => {
  it('is not kept once the response is done (a getter error, a value it did not take)', async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      ['--expose-gc', '--import', 'tsx', 'test/engine/support/retention.fixture.ts'],
      { cwd: root },
    );
    expect(JSON.parse(stdout)).toEqual({
      execute: { error: false, value: false },
      executeJSON: { error: false, value: false },
    });
  });
});
