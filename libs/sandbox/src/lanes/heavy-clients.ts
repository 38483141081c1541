import type { SandboxRunRequest, SandboxStats } from '../interfaces/sandbox-run.interface';
import { ClientUsageMeter, runCostMs, USAGE_WINDOW_MS } from './client-usage.meter';

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

  /**
   * @param cpuPercent the share, in percent of `maxConcurrent` cores over about `USAGE_WINDOW_MS`
   * @param onHeavy told when a principal turns heavy (once per turn, so operators see who is slowed)
   */
  constructor(
    cpuPercent: number,
    maxConcurrent: number,
    private readonly onHeavy: (principal: string) => void = () => undefined,
    now?: () => number,
  ) {
    this.meter = new ClientUsageMeter((cpuPercent / 100) * maxConcurrent * USAGE_WINDOW_MS, now);
  }

  /** Whether a run of `client` is low-priority now. */
  isHeavy(client: string | undefined): boolean {
    return client !== undefined && this.meter.isHeavy(principalOf(client));
  }

  /**
   * `request`, with a spinning run making its principal heavy at once, not when its CPU limit stops it
   * seconds later: no honest script computes that long, and its principal's other runs are the ones to move.
   */
  watch(request: SandboxRunRequest): SandboxRunRequest {
    const { client } = request;
    if (client === undefined) return request;
    const onCpuBound = () => {
      if (this.meter.markHeavy(principalOf(client))) this.onHeavy(principalOf(client));
      request.onCpuBound?.();
    };
    return { ...request, onCpuBound };
  }

  /** Adds a finished run's cost to its principal. */
  record(client: string | undefined, stats: Pick<SandboxStats, 'cpuMs' | 'calls'>): void {
    if (client === undefined) return;
    const principal = principalOf(client);
    if (this.meter.record(principal, runCostMs(stats))) this.onHeavy(principal);
  }
}
