import { describe, expect, it } from 'vitest';
import { createJsonLogger } from '../server/index.js';
import { logDatabaseError, withDatabaseErrorLog } from './logDatabaseErrors.js';

/** The CLI's wiring of `ReflectOptions.onDatabaseError`: one error line per refused statement. */
describe('database error log', () => {
  const event = {
    message: 'sorry, too many clients already',
    code: 'DATABASE_BUSY',
    sqlState: '53300',
    statement: 'query Feed',
  };

  it('logs the request id, message, SQLSTATE, code and statement name at level error', () => {
    const lines: string[] = [];
    const options = withDatabaseErrorLog(
      { schemas: ['public'] },
      createJsonLogger((line) => lines.push(line), 'error'),
    );
    expect(options.schemas).toEqual(['public']);
    options.onDatabaseError?.({ ...event, contextValue: { requestId: 'req-1' } });
    expect(lines.map((line) => JSON.parse(line) as unknown)).toEqual([
      {
        time: expect.any(String) as unknown,
        level: 'error',
        msg: 'database error',
        requestId: 'req-1',
        code: 'DATABASE_BUSY',
        sqlState: '53300',
        statement: 'query Feed',
        message: 'sorry, too many clients already',
      },
    ]);
  });

  it('logs without a request id when the context has none, and never throws', () => {
    const lines: string[] = [];
    const log = logDatabaseError(createJsonLogger((line) => lines.push(line)));
    for (const contextValue of [undefined, null, 42, { requestId: 7 }])
      log({ ...event, contextValue });
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(JSON.parse(line)).not.toHaveProperty('requestId');
  });
});
