/** Latencies and failures of one load phase, by request kind and transport. */
const { summarize } = require('../../../bench/lib/stats');
const { ProtocolError } = require('./json-rpc-answer');

/** How many failure messages are kept as examples. */
const EXAMPLES = 5;
/** The width of the windows of `windows()`, in ms. */
const WINDOW_MS = 10_000;

class Recorder {
  constructor() {
    /** @type {Map<string, number[]>} latencies (ms) by `method` and by `method@transport` */
    this.latencies = new Map();
    this.protocolErrors = 0;
    /** @type {Map<string, number>} tool errors (`isError`) by kind */
    this.toolErrors = new Map();
    this.examples = [];
    /** @type {number[][]} every request's latency (ms), by the window of the phase it ended in */
    this.byWindow = [];
    this.startedAt = 0;
    this.endedAt = 0;
  }

  ok(method, transport, ms) {
    this.push('all', ms);
    const window = Math.max(0, Math.floor((Date.now() - this.startedAt) / WINDOW_MS));
    this.byWindow[window] ??= [];
    this.byWindow[window].push(ms);
    this.push(method, ms);
    this.push(`${method}@${transport}`, ms);
  }

  failed(method, transport, error) {
    if (error instanceof ProtocolError || error.name !== 'ToolError') this.protocolErrors++;
    else this.toolErrors.set(error.kind, (this.toolErrors.get(error.kind) ?? 0) + 1);
    if (this.examples.length < EXAMPLES) this.examples.push(`${method}@${transport}: ${error.message.split('\n')[0]}`);
  }

  push(key, ms) {
    const list = this.latencies.get(key);
    if (list) list.push(ms);
    else this.latencies.set(key, [ms]);
  }

  get toolErrorCount() {
    return [...this.toolErrors.values()].reduce((sum, n) => sum + n, 0);
  }

  /**
   * The p99 of every request in each 10 s of the phase, in order: whether a tail is the phase's steady state or
   * a few seconds of it (a cold start, one attack, a pause).
   */
  windows() {
    return Array.from(this.byWindow, (list) => (list ? summarize(list).p99 : undefined));
  }

  /** Per key: count, p50, p99, max (ms) and requests per second over the phase. */
  summary() {
    const seconds = (this.endedAt - this.startedAt) / 1000;
    const rows = {};
    for (const [key, list] of this.latencies) {
      const s = summarize(list);
      rows[key] = { n: s.n, p50: s.median, p99: s.p99, max: s.max, rps: s.n / seconds };
    }
    return { seconds, rows, protocolErrors: this.protocolErrors, toolErrors: Object.fromEntries(this.toolErrors) };
  }
}

module.exports = { Recorder };
