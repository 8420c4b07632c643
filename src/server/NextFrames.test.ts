import { describe, expect, it } from 'vitest';
import { NextFrames } from './NextFrames.js';

/** The text of a server's frame: one final text frame, unmasked, its length in 7, 16 or 64 bits. */
function unframe(frame: Buffer): string {
  expect(frame[0]).toBe(0x81);
  const short = (frame[1] as number) & 0x7f;
  expect((frame[1] as number) & 0x80).toBe(0);
  const [length, offset] =
    short === 126
      ? [frame.readUInt16BE(2), 4]
      : short === 127
        ? [Number(frame.readBigUInt64BE(2)), 10]
        : [short, 2];
  expect(frame.length).toBe(offset + length);
  return frame.toString('utf8', offset);
}

describe('NextFrames', () => {
  it('writes the message JSON.stringify would, the payload as the engine wrote it', () => {
    const frames = new NextFrames();
    // Text JSON.parse would change (key order, an escape), and an id that needs escaping.
    const payload = '{"data":{"b":1,"a":"\\u00e9 é"}}';
    const id = 'a"b\\\u2028';
    const expected = `{"id":${JSON.stringify(id)},"type":"next","payload":${payload}}`;
    expect(frames.messageOf(id, payload).toString('utf8')).toBe(expected);
    expect(JSON.parse(expected)).toEqual({ id, type: 'next', payload: JSON.parse(payload) });
    expect(unframe(frames.frameOf(id, payload))).toBe(expected);
  });

  it('shares one Buffer between identical messages, and makes another for a change', () => {
    const frames = new NextFrames();
    const text = (n: number) => ['{"data":{"n":', String(n), '}}'].join('');
    const first = frames.frameOf('1', text(1));
    expect(frames.frameOf('1', text(1))).toBe(first);
    expect(frames.messageOf('1', text(1))).toBe(frames.messageOf('1', text(1)));
    const other = frames.frameOf('2', text(1));
    expect(other).not.toBe(first);
    expect(unframe(other)).toBe('{"id":"2","type":"next","payload":{"data":{"n":1}}}');
    expect(unframe(frames.frameOf('2', text(3)))).toBe(
      '{"id":"2","type":"next","payload":{"data":{"n":3}}}',
    );
  });

  it('frames messages of every length class, at their bounds', () => {
    const frames = new NextFrames();
    // The message is the string's length + 38 bytes: 125, 126, 65,535 and 65,536 bytes long.
    for (const size of [0, 87, 88, 65_497, 65_498]) {
      const payload = JSON.stringify('x'.repeat(size));
      expect(unframe(frames.frameOf('1', payload))).toBe(
        `{"id":"1","type":"next","payload":${payload}}`,
      );
    }
  });
});
