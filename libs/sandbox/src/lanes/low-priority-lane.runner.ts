import type { SandboxRunRequest, SandboxRunResult } from '../interfaces/sandbox-run.interface';
import type { RunnerStatus, SandboxRunner } from '../interfaces/sandbox-runner.interface';
import { type ClientUsageMeter, runCostMs } from './client-usage.meter';

/**
 * Runs a heavy client's scripts (one that used more than its share of the sandbox's CPU lately) in a
 * low-priority lane, everyone else's in the normal one. The lane's processes run at a high OS niceness, so
 * while the cores are contended its runs get what the others leave, and the heavy client's next runs start
 * later: what it causes queues behind its own work. On an idle machine the lane is as fast as the other.
 * The lane's process starts on its first run.
 */
export class LowPriorityLaneRunner implements SandboxRunner {
  constructor(
    private readonly normal: SandboxRunner,
    private readonly lowPriority: SandboxRunner,
    private readonly meter: ClientUsageMeter,
    /** Told when a client turns heavy (once per turn, so operators see who is slowed). */
    private readonly onHeavy: (client: string) => void = () => undefined,
  ) {}

  start(): Promise<void> {
    return this.normal.start();
  }

  async run(request: SandboxRunRequest, wallMs: number): Promise<SandboxRunResult> {
    const { client } = request;
    if (client === undefined) return this.normal.run(request, wallMs);
    const lane = this.meter.isHeavy(client) ? this.lowPriority : this.normal;
    // A spinning script makes its client heavy at once, not when its CPU limit stops it seconds later: no
    // honest script computes that long, and its client's other runs are the ones to move.
    const onCpuBound = () => {
      if (this.meter.markHeavy(client)) this.onHeavy(client);
      request.onCpuBound?.();
    };
    const result = await lane.run({ ...request, onCpuBound }, wallMs);
    if (this.meter.record(client, runCostMs(result.stats))) this.onHeavy(client);
    return result;
  }

  /** Both lanes' figures summed; the lane's processes are flagged `lowPriority`. */
  status(): RunnerStatus {
    const normal = this.normal.status();
    const low = this.lowPriority.status();
    return {
      liveIsolates: normal.liveIsolates + low.liveIsolates,
      catastrophicErrors: normal.catastrophicErrors + low.catastrophicErrors,
      processes: [...normal.processes, ...low.processes.map((proc) => ({ ...proc, lowPriority: true }))],
      crashes: normal.crashes + low.crashes,
      executing: normal.executing + low.executing,
      peakExecuting: normal.peakExecuting + low.peakExecuting,
    };
  }

  async close(): Promise<void> {
    await Promise.all([this.normal.close(), this.lowPriority.close()]);
  }
}
