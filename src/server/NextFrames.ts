import * as ws from 'ws';

/** ws's framing of one message (ws exports its Sender; its types do not declare it). */
const { Sender } = ws as unknown as {
  readonly Sender: {
    frame(
      data: Buffer,
      options: { fin: boolean; opcode: number; mask: boolean; readOnly: boolean; rsv1: boolean },
    ): Buffer[];
  };
};
/** A server's frame: one final text frame, unmasked, uncompressed. */
const TEXT = { fin: true, opcode: 1, mask: false, readOnly: false, rsv1: false };

/**
 * The bytes of graphql-ws `next` messages, as `JSON.stringify` of `{ id, type: 'next', payload }`
 * writes them with the engine's text as payload. The last message built is kept: the subscribers
 * of one event that receive identical bytes (the same operation id, the same text) share one
 * Buffer and one WebSocket frame, made once, instead of a string encoded and framed per socket.
 */
export class NextFrames {
  private id: string | undefined;
  private payload: string | undefined;
  private message: Buffer = Buffer.alloc(0);
  private frame: Buffer | undefined;

  /** The message's UTF-8 text. */
  messageOf(id: string, payload: string): Buffer {
    if (id !== this.id || payload !== this.payload) {
      this.id = id;
      this.payload = payload;
      this.message = Buffer.from(`{"id":${JSON.stringify(id)},"type":"next","payload":${payload}}`);
      this.frame = undefined;
    }
    return this.message;
  }

  /** The message as one whole WebSocket frame, header and text. */
  frameOf(id: string, payload: string): Buffer {
    const message = this.messageOf(id, payload);
    return (this.frame ??= Buffer.concat(Sender.frame(message, TEXT)));
  }
}
