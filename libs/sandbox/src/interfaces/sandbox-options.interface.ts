/**
 * Where isolates run. `process` (the default): in a separate sandbox process, so a script that crashes V8
 * (an uninterruptible giant allocation, a V8 abort) takes down only that disposable process, never the
 * server. `in-process`: in the server's own process, for tests and benchmarks; a few hostile one-liners can
 * then stall or kill the whole server.
 */
export type SandboxIsolation = 'process' | 'in-process';

/**
 * Limits and sizing of the sandbox. Every field has a safe default; the default and minimum of each
 * numeric one are in `SANDBOX_OPTION_TABLE` (and docs/configuration.md). `SandboxModule.forRoot()` takes any subset.
 * @publicApi
 */
export interface SandboxOptions {
  /**
   * Server maximum wall-clock time of one run, in ms. A request's `timeoutMs` is capped by it. Enforced by
   * a host timer that disposes the isolate: the only sure stop for code that spins after an `await`.
   */
  wallTimeMs: number;
  /**
   * Longest synchronous stretch of script, in ms, per entry into the isolate (the first run, and each
   * resumption after a `myko.*` call settles). Stops `while (true) {}` early with a `cpu` failure.
   */
  cpuTimeMs: number;
  /** Heap limit of each isolate, in MB (isolated-vm treats it as a guideline). */
  memoryMb: number;
  /** `myko.*` calls allowed per run; the call past the limit rejects and the run ends as `call-limit`. */
  maxCalls: number;
  /** Largest JSON arguments of one `myko.*` call, in bytes; larger calls reject inside the script. */
  maxArgBytes: number;
  /** Largest JSON result of a run, in bytes; larger results fail with a preview and a hint. */
  maxResultBytes: number;
  /** Console output kept per run, in bytes; the rest is dropped and flagged `truncated`. */
  maxConsoleBytes: number;
  /**
   * Isolates executing JavaScript at once, across the sandbox (split evenly over the sandbox processes, at
   * least one each); about the cores given to the sandbox. A run takes a CPU slot only while its isolate
   * runs code, never while it awaits `myko.*` calls. A run found CPU-bound (0.5 s of CPU) leaves its slot to
   * the others and runs at the lowest OS priority.
   */
  maxConcurrent: number;
  /**
   * Runs resident at once: each holds a fresh isolate (memory: about 1-3 MB idle, up to `memoryMb` of heap)
   * from start to end, whether it computes or waits. Bounds the sandbox's memory; past it, a run waits in
   * the queue (`maxQueue`) or is refused at once as `queue-full`, a retryable refusal.
   */
  maxResident: number;
  /**
   * Runs waiting for residency when `maxResident` are resident; when full, a run fails at once with
   * `queue-full`. A waiting run waits at most its wall-clock limit. 0 (the default): a full sandbox refuses
   * at once, so a client retries (or goes elsewhere) instead of hanging.
   */
  maxQueue: number;
  /**
   * Isolates (with a context) created ahead of demand. A warm isolate serves exactly one run and is
   * disposed after it; it is never reused after user code. The pool is refilled after a run, off the
   * request's path (in the sandbox process, with process isolation), so a trivial run skips the ~2-4 ms
   * of isolate creation. 0 creates each isolate when its run starts.
   */
  warmPool: number;
  /**
   * `process` runs the isolates in sandbox processes (crash containment; the host does not even load
   * isolated-vm). `in-process` runs them in the server process (no IPC hop; for tests and benchmarks).
   * @default 'process'
   */
  isolation: SandboxIsolation;
  /**
   * Sandbox processes (process isolation). Runs go to the least busy one, so a script that crashes its
   * process reaches only the runs beside it. A process that dies is replaced (with backoff; at most 10
   * restarts a minute per process).
   */
  processes: number;
  /**
   * Fair shares: a principal (the part of `SandboxRunRequest.client` before the first `/`: API key or token
   * identity, else address; all its conversations together) whose runs used more than this share of the
   * sandbox's CPU (`maxConcurrent` cores), in percent, over about the last 10 s is heavy until its use falls
   * to half of that (a run found spinning makes it heavy at once). Its runs are low-priority, in the same
   * sandbox processes as everyone's: they wait behind normal runs for a resident place and a CPU slot, and
   * while only low-priority runs execute in a sandbox process their isolate threads run at OS niceness 19 (Linux,
   * where the process may raise them again: CAP_SYS_NICE or RLIMIT_NICE). Work-conserving: nothing is
   * reserved, so a heavy principal alone gets every slot and every core; one's flood of scripts queues behind
   * its own work. 0: off.
   */
  heavyClientCpuPercent: number;
  /**
   * Heap limit of each sandbox process's own JavaScript heap (`--max-old-space-size`), in MB. Isolates have
   * their own heaps (`memoryMb`); this bounds what the process itself holds (results, console, leaks).
   */
  processHeapMb: number;
  /**
   * Resident memory, in MB, past which a sandbox process is replaced by a fresh one (once its running
   * scripts finish). Reclaims native memory that `--max-old-space-size` cannot see: allocator high-water
   * marks after a huge script (~600 MB seen here), or leaks in isolated-vm under churn. An idle process
   * uses ~80 MB and a busy one up to ~3 × `memoryMb` per running script; raise this with those.
   */
  processMaxRssMb: number;
  /**
   * Resident memory, in MB, a sandbox process may reach WHILE scripts run: past it, the run computing
   * hardest is stopped as a `memory` failure (its isolate is disposed, freeing what it built), then the
   * next, until the process is back under. Bounds memory outside the isolate heaps that `memoryMb` cannot
   * see (Intl objects, flattened strings), for several concurrent attackers too. Sampled every 25 ms.
   * 0 (the default): automatic, the process's idle size + 4 × `memoryMb` + 3 MB per run in it.
   */
  processRssLimitMb: number;
  /**
   * Called when V8 loses control of an isolate (isolated-vm `onCatastrophicError`: V8 out of memory, or an
   * operation that could not be interrupted). The run fails at once either way and the event is logged and
   * counted in `status()`. With process isolation the sandbox process that lost the isolate is replaced
   * (it exits once its other runs finish), so nothing leaks into the server. In-process, that isolate's
   * thread and memory are lost and isolated-vm advises ending the process: pass e.g. `() => process.exit(70)`
   * where a supervisor restarts it. By default the service keeps serving.
   */
  onCatastrophicError?: (message: string) => void;
}
