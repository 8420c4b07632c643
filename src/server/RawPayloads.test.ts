import { describe, expect, it } from 'vitest';
import { RawPayloads } from './RawPayloads.js';

describe('RawPayloads', () => {
  it('puts each text where its result was serialised, in order, without parsing it', () => {
    const payloads = new RawPayloads();
    // Text JSON.parse would change: key order kept, an escape kept as written.
    const first = '{"data":{"b":1,"a":"\\u00e9"}}';
    const second = '{"errors":[{"message":"x"}]}';
    const a = JSON.stringify({ id: '1', type: 'next', payload: payloads.wrap(first) });
    const b = JSON.stringify({ id: '2', type: 'next', payload: payloads.wrap(second) });
    expect(payloads.splice(a, '}')).toBe(`{"id":"1","type":"next","payload":${first}}`);
    expect(payloads.splice(b, '}')).toBe(`{"id":"2","type":"next","payload":${second}}`);
    expect(payloads.pending).toEqual([]);
  });

  it('leaves a message without a marker at its end alone, whatever its id holds', () => {
    const payloads = new RawPayloads();
    const message = JSON.stringify({ id: '\u0000sluice:payload', type: 'complete' });
    payloads.wrap('{}').toJSON();
    expect(payloads.splice(message, '}')).toBe(message);
    expect(payloads.pending).toEqual(['{}']);
  });

  it('splices an event stream message before its blank line', () => {
    const payloads = new RawPayloads();
    const event = `event: next\ndata: ${JSON.stringify(payloads.wrap('{"data":{"n":1}}'))}\n\n`;
    expect(payloads.splice(event, '\n\n')).toBe('event: next\ndata: {"data":{"n":1}}\n\n');
  });
});
