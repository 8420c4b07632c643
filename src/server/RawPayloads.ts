/**
 * The engine's JSON text of a result, sent inside a protocol message without being parsed and
 * serialised again. graphql-ws and graphql-sse build each message with `JSON.stringify` around a
 * result object; a `RawResult` stands in for that object and serialises as a marker string, and
 * the transport's writer puts the engine's text where the marker is before the message goes out.
 * The payload is the last member of every message that carries one (`{"id":…,"type":"next",
 * "payload":…}`, `{"id":…,"payload":…}`, an event's `data:` line), so the marker is looked for only
 * at that one place, at the end; what a client chose (an operation id) comes before it.
 */
const MARKER = '\u0000sluice:payload';
const QUOTED = JSON.stringify(MARKER);

export class RawResult {
  /** graphql-sse takes an object with `data` for an execution result. */
  readonly data = undefined;
  constructor(
    readonly text: string,
    private readonly payloads: RawPayloads,
  ) {}

  toJSON(): string {
    this.payloads.pending.push(this.text);
    return MARKER;
  }
}

/**
 * The texts of one connection's serialised results, in the order their messages were built
 * (each transport writes its messages in that order).
 */
export class RawPayloads {
  readonly pending: string[] = [];

  wrap(text: string): RawResult {
    return new RawResult(text, this);
  }

  /** `message` with the marker before `suffix` (its last characters) replaced by the text. */
  splice(message: string, suffix: string): string {
    if (this.pending.length === 0) return message;
    const at = message.length - suffix.length - QUOTED.length;
    if (at < 0 || !message.endsWith(suffix) || !message.startsWith(QUOTED, at)) return message;
    return message.slice(0, at) + (this.pending.shift() as string) + suffix;
  }
}
