import type { SandboxRunRequest, SandboxStats } from '../interfaces/sandbox-run.interface';
import { ClientUsageMeter, runCostMs, USAGE_WINDOW_MS } from './client-usage.meter';

/** Why a principal's runs were moved to the low-priority lane. */
export type HeavyCause = 'cpu-bound' | 'cpu-share';

/** The principal of a run's client key `<principal>/<conversation>`: fair shares are the principal's. */
export function principalOf(client: string): string {
  const slash = client.indexOf('/');
  return slash < 0 ? client : client.slice(0, slash);
}

/**
 * Fair shares of the sandbox's cores (`heavyClientCpuPercent`): a principal whose runs used more than its
 * share lately is heavy, and its runs are low-priority: they wait behind other runs for a slot (the run
 * semaphore, the CPU gate) and execute at the lowest OS priority (the isolate's thread, for the run). Nothing
 * is reserved: alone, or with cores to spare, a heavy principal gets every slot and every core.
 */
export class HeavyClients {
  private readonly meter: ClientUsageMeter;
  private readonly coreWindowMs: number;
  private readonly cpuPercent: number;

  /**
   * @param cpuPercent the share, in percent of `maxConcurrent` cores over about `USAGE_WINDOW_MS`
   * @param onHeavy told when a principal turns heavy (once per turn, so operators see who is slowed), with the
   *   run's client key and why: `cpu-bound` (a run found spinning) or `cpu-share` (its runs used more than its share)
   */
  constructor(
    cpuPercent: number,
    maxConcurrent: number,
    private readonly onHeavy: (principal: string, client: string, cause: HeavyCause) => void = () => undefined,
    now?: () => number,
  ) {
    this.cpuPercent = cpuPercent;
    this.coreWindowMs = maxConcurrent * USAGE_WINDOW_MS;
    this.meter = new ClientUsageMeter((cpuPercent / 100) * this.coreWindowMs, now);
  }

  /** A run's own share (its profile's `sandboxCpuPercent` quota, `heavyCpuPercent`), else the server's. */
  private limitOf(percent: number | undefined): number {
    return ((percent ?? this.cpuPercent) / 100) * this.coreWindowMs;
  }

  /** Whether a run of `request.client` is low-priority now (a share of 0 %: never). */
  isHeavy({ client, heavyCpuPercent }: Pick<SandboxRunRequest, 'client' | 'heavyCpuPercent'>): boolean {
    const limitMs = this.limitOf(heavyCpuPercent);
    if (client === undefined || limitMs === 0) return false;
    return this.meter.isHeavy(principalOf(client), limitMs);
  }

  /**
   * `request`, with a spinning run making its principal heavy at once, not when its CPU limit stops it
   * seconds later: no honest script computes that long, and its principal's other runs are the ones to move.
   */
  watch(request: SandboxRunRequest): SandboxRunRequest {
    const { client } = request;
    const limitMs = this.limitOf(request.heavyCpuPercent);
    if (client === undefined || limitMs === 0) return request;
    const onCpuBound = () => {
      if (this.meter.markHeavy(principalOf(client), limitMs)) this.onHeavy(principalOf(client), client, 'cpu-bound');
      request.onCpuBound?.();
    };
    return { ...request, onCpuBound };
  }

  /** Adds a finished run's cost to its principal. */
  record(
    { client, heavyCpuPercent }: Pick<SandboxRunRequest, 'client' | 'heavyCpuPercent'>,
    stats: Pick<SandboxStats, 'cpuMs' | 'calls'>,
  ): void {
    const limitMs = this.limitOf(heavyCpuPercent);
    if (client === undefined || limitMs === 0) return;
    const principal = principalOf(client);
    if (this.meter.record(principal, runCostMs(stats), limitMs)) this.onHeavy(principal, client, 'cpu-share');
  }

  /** Whether `principal`'s runs are low-priority now (read-only: the operator's live view). */
  isHeavyPrincipal(principal: string): boolean {
    return this.meter.heavyNow(principal);
  }

  /** The sandbox CPU `principal` used lately (ms, fading over about `USAGE_WINDOW_MS`). */
  usageMs(principal: string): number {
    return this.meter.usageMs(principal);
  }
}
