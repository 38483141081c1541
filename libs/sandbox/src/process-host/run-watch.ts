import type { IsolateRun } from '../engine/isolate-runner';
import { SandboxNativeMemoryError } from '../errors/sandbox-native-memory.error';

/** How often the runs and the process's resident memory are sampled while runs are in. */
export const WATCH_INTERVAL_MS = 10;
/** An entry into an isolate longer than this is reported to the server as `busy` (crash attribution). */
export const BUSY_MARK_MS = 20;
/** Resident memory a run may legitimately add when the limit is automatic, in MB (an idle isolate and its context). */
const RESIDENT_RUN_MB = 3;

/** What the watch tells the server. */
export interface RunWatchPort {
  busy(runId: number): void;
  calm(runId: number): void;
  log(message: string): void;
  /** The process stays above its limit with nobody growing it (allocator high-water): replace it. */
  retire(reason: string): void;
}

/** How often the runs' CPU times are read while the process is under its memory limit. */
const CPU_SAMPLE_MS = 250;

interface CpuUsage {
  elapsedNs: bigint;
  hungriest?: Watched;
  hungriestNs: bigint;
  flatOut: Watched[];
}

interface Watched {
  run: IsolateRun;
  busy: boolean;
  cpuNs: bigint;
  /** The process's RSS when the run started: what it grew since is what it can have caused. */
  rssAtStartMb: number;
}

/**
 * Watches the runs of a sandbox process while they run.
 * - Which runs are executing for longer than `BUSY_MARK_MS`: the server charges a crash of the process to
 *   those (a V8 abort leaves no time to say who caused it), and fails the others as co-tenants.
 * - The process's resident memory: past the limit, the run that computed most since the last sample (native
 *   memory takes CPU to build) is stopped, so memory outside the heaps (Intl objects, flattened strings)
 *   stays bounded while runs run, not only after them; far past it (half again), every run that computed
 *   flat out since the last sample is stopped too (several attackers at once). Checked every sample.
 */
export class RunWatch {
  private readonly runs = new Map<number, Watched>();
  private timer: NodeJS.Timeout | undefined;
  private cpuSampledAt = performance.now();
  private lastRssMb = 0;
  private retireAsked = false;

  /**
   * @param limitMb resident memory cap in MB; 0: automatic, the process's resident memory when it became
   *   ready plus `autoHeadroomMb` plus a few MB per run in it
   */
  constructor(
    private readonly port: RunWatchPort,
    private readonly limitMb: number,
    private readonly autoHeadroomMb: number,
    /** Growth of the process since a run started, in MB, below which the run is not suspected (its heap limit). */
    private readonly perRunMb: number,
    private readonly baselineMb = rssMb(),
  ) {}

  add(runId: number, run: IsolateRun): void {
    const watched: Watched = { run, busy: false, cpuNs: 0n, rssAtStartMb: rssMb() };
    this.runs.set(runId, watched);
    // Calm is said the moment the run awaits again, not at the next sample: a busy process's samples come
    // late, and a crash in between would be charged to a run that was only waiting.
    run.turn.onStretchEnd = () => {
      if (!watched.busy || this.runs.get(runId) !== watched) return;
      watched.busy = false;
      this.port.calm(runId);
    };
    if (!this.timer) {
      this.cpuSampledAt = performance.now();
      this.timer = setInterval(() => this.sample(), WATCH_INTERVAL_MS);
      this.timer.unref();
    }
  }

  remove(runId: number): void {
    this.runs.delete(runId);
    if (this.runs.size === 0) {
      clearInterval(this.timer);
      this.timer = undefined;
    }
  }

  /** The current cap, in MB. */
  get capMb(): number {
    return this.limitMb > 0 ? this.limitMb : this.baselineMb + this.autoHeadroomMb + RESIDENT_RUN_MB * this.runs.size;
  }

  /** One sampling step (the timer's; tests call it directly). */
  sample(): void {
    const now = performance.now();
    this.markBusy(now);
    const rss = rssMb();
    const growing = rss > this.lastRssMb;
    this.lastRssMb = rss;
    const cap = this.capMb;
    // Reading an isolate's CPU time is not free (it slows the isolate's calls): only as often as needed to
    // keep a baseline, and at every sample while over the limit.
    if (rss <= cap && now - this.cpuSampledAt < CPU_SAMPLE_MS) return;
    const usage = this.sampleCpu(now, rss);
    if (rss > cap) this.enforce(rss, cap, growing, usage);
  }

  private markBusy(now: number): void {
    for (const [runId, watched] of this.runs) {
      const enteredAt = watched.run.turn.enteredAt;
      const busy = enteredAt !== undefined && now - enteredAt > BUSY_MARK_MS;
      if (busy === watched.busy) continue;
      watched.busy = busy;
      if (busy) this.port.busy(runId);
      else this.port.calm(runId);
    }
  }

  /**
   * CPU each run used since the last reading: the hungriest, and those that ran flat out, among the runs the
   * process grew by more than `perRunMb` since they started (a process already bloated before a run is not
   * that run's doing).
   */
  private sampleCpu(now: number, rss: number): CpuUsage {
    const elapsedNs = BigInt(Math.round((now - this.cpuSampledAt) * 1e6));
    this.cpuSampledAt = now;
    const usage: CpuUsage = { elapsedNs, hungriestNs: 0n, flatOut: [] };
    for (const watched of this.runs.values()) {
      const cpuNs = watched.run.cpuTime();
      const used = cpuNs - watched.cpuNs;
      watched.cpuNs = cpuNs;
      if (rss - watched.rssAtStartMb <= this.perRunMb) continue;
      if (used > usage.hungriestNs) {
        usage.hungriest = watched;
        usage.hungriestNs = used;
      }
      if (used * 2n >= elapsedNs) usage.flatOut.push(watched);
    }
    return usage;
  }

  private enforce(rss: number, cap: number, growing: boolean, usage: CpuUsage): void {
    const { hungriest, hungriestNs, elapsedNs, flatOut } = usage;
    // Memory grows only as fast as something computes: a run that barely ran is not the one growing it.
    if (!growing || !hungriest || hungriestNs * 4n < elapsedNs) {
      // Memory freed by stopped runs is not always given back to the system: a fresh process is.
      if (!this.retireAsked) this.port.retire(`it stays at ${rss} MB, above its ${cap} MB limit`);
      this.retireAsked = true;
      return;
    }
    const stopping = new Set(rss > cap * 1.5 ? [hungriest, ...flatOut] : [hungriest]);
    this.port.log(`Sandbox process at ${rss} MB (limit ${cap} MB): stopping ${stopping.size} run(s) computing hardest`);
    for (const [runId, watched] of this.runs) {
      if (!stopping.has(watched)) continue;
      watched.run.stop(new SandboxNativeMemoryError(cap));
      this.remove(runId);
    }
  }
}

function rssMb(): number {
  return Math.round(process.memoryUsage.rss() / 2 ** 20);
}
