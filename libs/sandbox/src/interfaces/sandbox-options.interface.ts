/**
 * Limits and sizing of the sandbox. Every field has a safe default (`DEFAULT_SANDBOX_OPTIONS`);
 * `SandboxModule.forRoot()` takes any subset.
 * @publicApi
 */
export interface SandboxOptions {
  /**
   * Server maximum wall-clock time of one run, in ms. A request's `timeoutMs` is capped by it. Enforced by
   * a host timer that disposes the isolate: the only sure stop for code that spins after an `await`.
   * @default 30000
   */
  wallTimeMs: number;
  /**
   * Longest synchronous stretch of script, in ms, per entry into the isolate (the first run, and each
   * resumption after a `myko.*` call settles). Stops `while (true) {}` early with a `cpu` failure.
   * @default 10000
   */
  cpuTimeMs: number;
  /** Heap limit of each isolate, in MB (isolated-vm treats it as a guideline; minimum 8). @default 64 */
  memoryMb: number;
  /** `myko.*` calls allowed per run; the call past the limit rejects and the run ends as `call-limit`. @default 200 */
  maxCalls: number;
  /** Largest JSON arguments of one `myko.*` call, in bytes; larger calls reject inside the script. @default 65536 */
  maxArgBytes: number;
  /** Largest JSON result of a run, in bytes; larger results fail with a preview and a hint. @default 1048576 */
  maxResultBytes: number;
  /** Console output kept per run, in bytes; the rest is dropped and flagged `truncated`. @default 65536 */
  maxConsoleBytes: number;
  /** Runs executing at once (each on its own isolate thread); about the number of cores. @default 2 */
  maxConcurrent: number;
  /** Runs waiting for a slot; when full, a run fails at once with `queue-full`. @default 32 */
  maxQueue: number;
  /**
   * Isolates (with a context) created ahead of demand. A warm isolate serves exactly one run and is
   * disposed after it; it is never reused after user code. Creation costs ~4 ms, so the default is 0.
   * @default 0
   */
  warmPool: number;
  /**
   * Called when V8 loses control of an isolate (isolated-vm `onCatastrophicError`: V8 out of memory, or an
   * operation that could not be interrupted). The run fails at once either way and the event is logged and
   * counted in `status()`; that isolate's thread and memory are lost. isolated-vm advises ending the process:
   * pass e.g. `() => process.exit(70)` where a supervisor restarts it. By default the service keeps serving.
   */
  onCatastrophicError?: (message: string) => void;
}
