/**
 * What one conversation cost the model: bytes it read and wrote, by part, and its round trips (model
 * turns that call tools). Tokens are approximated as bytes / 4, the bench's rule (bench/README.md).
 */

/** The parts of a conversation: `fixed` (instructions + tools/list), then Code Mode's or direct mode's calls. */
const PARTS = ['fixed', 'search', 'execute', 'direct'];

const bytes = (text) => Buffer.byteLength(text, 'utf8');

/** bytes / 4, rounded: the approximation every token figure of the bench uses. */
const tokens = (byteCount) => Math.round(byteCount / 4);

class Ledger {
  constructor() {
    this.usage = Object.fromEntries(PARTS.map((part) => [part, { read: 0, written: 0 }]));
    this.roundTrips = 0;
    this.calls = 0;
  }

  /** The model read `text` (a result, the instructions, the tools JSON). */
  read(part, text) {
    this.usage[part].read += bytes(text);
  }

  /** The model wrote `text` (the arguments JSON of a tool call). */
  wrote(part, text) {
    this.usage[part].written += bytes(text);
  }

  /** One model turn that issued `calls` tool calls at once. */
  turn(calls) {
    this.roundTrips += 1;
    this.calls += calls;
  }

  /** Bytes read and written, over every part or one. */
  totalBytes(part) {
    const parts = part ? [part] : PARTS;
    return parts.reduce((sum, p) => sum + this.usage[p].read + this.usage[p].written, 0);
  }

  /** A plain record of the figures, for reports and assertions. */
  summary() {
    return {
      usage: structuredClone(this.usage),
      bytes: this.totalBytes(),
      roundTrips: this.roundTrips,
      calls: this.calls,
    };
  }
}

module.exports = { Ledger, PARTS, tokens };
