import { describe, expect, it } from 'vitest';
import {
  compileObjectWriter,
  NO_ERROR,
  STOP_READ,
  stopped,
  UNREAD,
  type WriterField,
} from './compileObjectWriter.js';
import type { ExecutionContext } from './ExecutionContext.js';

const ctx = {} as unknown as ExecutionContext;

/** What `stopped` holds after a leaf's stop. */
const stop = (text: string, error: unknown, value: unknown) => ({
  text,
  error,
  value,
  thenable: false,
  kind: STOP_READ,
  path: undefined,
  info: undefined,
});

const field = (kind: WriterField['kind'], fieldName: string, prefix: string): WriterField => ({
  kind,
  nonNull: false,
  fieldName,
  prefix,
  typenameJSON: '"Hostile"',
  state: { escapes: false },
});

describe('compileObjectWriter', () => {
  it('puts no name, prefix or type name into the generated code', () => {
    // Not GraphQL names (a schema could not have them); the generator must not care.
    const hostile = `"]); globalThis.pwned = true; (["`;
    const fields = [
      field('string', hostile, `{"${hostile}":`),
      field('int', 'n', ',"n\\u0027); x = 1; //":'),
      field('typename', '__typename', ',"__typename":'),
    ];
    const writer = compileObjectWriter(fields, true);
    const code = writer.toString();
    for (const text of [hostile, 'pwned', 'x = 1', 'Hostile', '__typename']) {
      expect(code).not.toContain(text);
    }
    expect(writer({ [hostile]: 'v', n: 3 }, '', false, ctx, undefined, -1)).toBe(
      `{"${hostile}":"v","n\\u0027); x = 1; //":3,"__typename":"Hostile"}`,
    );
    expect((globalThis as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('stops at the first value it does not write, with the text so far', () => {
    const writer = compileObjectWriter(
      [field('string', 'a', '{"a":'), field('int', 'b', ',"b":')],
      true,
    );
    expect(writer({ a: 'x', b: 1.5 }, '[', false, ctx, undefined, -1)).toBe(1);
    // The value read is handed on, for the interpreter not to read the property again.
    expect(stopped).toEqual(stop('[{"a":"x"', NO_ERROR, 1.5));
    const failure = new Error('getter');
    const throwing = Object.defineProperty({}, 'a', {
      get() {
        throw failure;
      },
    });
    expect(writer(throwing, '', false, ctx, undefined, -1)).toBe(0);
    expect(stopped).toEqual(stop('', failure, UNREAD));
  });

  it('writes a leading run of fields and stops after it when the object has more', () => {
    const writer = compileObjectWriter([field('boolean', 'a', '{"a":')], false);
    expect(writer({ a: false, more: 1 }, '', false, ctx, undefined, -1)).toBe(1);
    expect(stopped).toEqual(stop('{"a":false', NO_ERROR, UNREAD));
  });

  it('writes the comma of a list item with its first key, and keeps it when it stops', () => {
    const writer = compileObjectWriter(
      [field('string', 'a', '{"a":'), field('int', 'b', ',"b":')],
      true,
    );
    expect(writer({ a: 'x', b: 1 }, '[{}', true, ctx, undefined, -1)).toBe('[{},{"a":"x","b":1}');
    expect(writer({ a: 1 }, '[{}', true, ctx, undefined, -1)).toBe(0);
    expect(stopped).toEqual(stop('[{},', NO_ERROR, 1));
    expect(writer({ a: 'x', b: 'y' }, '[{}', true, ctx, undefined, -1)).toBe(1);
    expect(stopped).toEqual(stop('[{},{"a":"x"', NO_ERROR, 'y'));
    const failure = new Error('getter');
    const throwing = Object.defineProperty({}, 'a', {
      get() {
        throw failure;
      },
    });
    expect(writer(throwing, '[{}', true, ctx, undefined, -1)).toBe(0);
    expect(stopped).toEqual(stop('[{},', failure, UNREAD));
  });
});
