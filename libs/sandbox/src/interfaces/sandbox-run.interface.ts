/**
 * The calls the generated `myko` object sends to the bridge: one per operation kind, plus discovery
 * (`myko.search(query, options)`, `myko.describe(id)`), and `myko.rollback(executionId)`, whose first argument
 * travels as `id`.
 */
export type SandboxCallKind = 'query' | 'view' | 'report' | 'command' | 'search' | 'describe' | 'rollback';

/**
 * The host side of `myko.<kind>(id, args)`. Receives the arguments as JSON text and resolves the
 * result as JSON text; a rejection's `name` and `message` (and a string `code`, if any) are rethrown
 * inside the script as an Error. The sandbox knows nothing of MCP, filters or Nest: policy lives in the bridge.
 */
export interface SandboxBridge {
  /**
   * @param signal aborted when the run ends for any reason (finished, timed out, cancelled, stopped by a
   *   limit): an operation still in flight belongs to a run that no longer waits for it.
   */
  call(kind: SandboxCallKind, id: string, argsJson: string, signal: AbortSignal): Promise<string>;
  /**
   * Whether a call served so far changed something (a command that ran, not one refused before it ran).
   * A run whose sandbox process was crashed by another script is run again transparently only while this
   * says false. Absent: the sandbox counts every `myko.command` call handed to the bridge as a change.
   */
  hasCommitted?(): boolean;
}

export interface SandboxRunRequest {
  /** The body of an async function, as written by the model. */
  code: string;
  /** Wall-clock limit for this run, capped by the server maximum. */
  timeoutMs?: number;
  /** Aborting stops the run at once (isolate disposed); no further bridge call starts. */
  signal?: AbortSignal;
  bridge: SandboxBridge;
  /**
   * Who runs it: an opaque key, `<principal>/<conversation>` (the part before the first `/` is the principal;
   * a key without `/` is a principal of its own). Fair shares (`heavyClientCpuPercent`) meter the principal.
   * A sandbox process crash is charged per full key: to the runs that were executing when it died if they
   * are all one key's, else to none (each is run again apart, and is charged only if it crashes again
   * alone); the runs beside them are run again, never charged.
   */
  client?: string;
  /**
   * The conversation whose runs may share an isolate, one after another: a run that ended normally leaves
   * its isolate for the next run of the same key (in the same sandbox process), which gets it with a fresh
   * context (no global, prototype change or closure of the earlier run is visible). Must name the principal
   * and the conversation (`<principal>/<conversation>`); absent: the run's isolate is its own.
   */
  reuseKey?: string;
  /**
   * The share of the sandbox's CPU, in percent, `client` may use lately before its runs go to the low-priority
   * lane: its access profile's `quotas.sandboxCpuPercent`, in place of `heavyClientCpuPercent` for this client.
   * Absent: the server's `heavyClientCpuPercent`.
   */
  heavyCpuPercent?: number;
  /**
   * Called once if the run has used `CPU_BOUND_MS` (0.5 s) of CPU time: it is spinning, not working through
   * operations. `SandboxService` then frees its slot for the runs waiting behind it.
   */
  onCpuBound?: () => void;
}

/** Why a run failed. */
export type SandboxFailureKind =
  | 'syntax'
  | 'script'
  | 'timeout'
  | 'cpu'
  | 'memory'
  | 'call-limit'
  | 'argument-size'
  | 'result-size'
  | 'cancelled'
  | 'queue-full'
  | 'internal';

export interface SandboxFailure {
  kind: SandboxFailureKind;
  /** The error's constructor name as the script saw it (`TypeError`), or a sandbox error name. */
  name: string;
  message: string;
  /** 1-based line in the user's code, when known. */
  line?: number;
  column?: number;
  /** For `result-size`: the start of the oversized JSON, so the model sees its shape. */
  preview?: string;
  /** For limit failures: the limit that was hit (ms, MB, calls or bytes, as the message says). */
  limit?: number;
  /** For `result-size` and `argument-size`: the size that was refused, in bytes. */
  size?: number;
}

export interface SandboxConsole {
  /** Captured lines, each `[level] text`, joined by newlines. */
  text: string;
  truncated: boolean;
}

export interface SandboxStats {
  /** Time from the start of the run (after any queueing) to its end. */
  wallMs: number;
  /** CPU time spent inside the isolate. */
  cpuMs: number;
  /** `myko.*` calls handed to the bridge (calls refused by a limit are not counted). */
  calls: number;
  /** Time spent waiting for a free slot before the run started. */
  queuedMs?: number;
  /**
   * Time resident while neither computing nor awaiting a `myko.*` call: a script awaiting a promise nothing
   * will settle (it has no timers). Honest scripts show milliseconds at most.
   */
  idleMs?: number;
}

export type SandboxRunResult =
  | {
      ok: true /** JSON text of the returned value (`null` for undefined). */;
      resultJson: string;
      console: SandboxConsole;
      stats: SandboxStats;
    }
  | { ok: false; error: SandboxFailure; console: SandboxConsole; stats: SandboxStats };
