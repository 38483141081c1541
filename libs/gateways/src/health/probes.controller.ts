import { type SandboxReadiness, SandboxReadinessProbe } from '@myko/dispatch';
import { StateHealth, type StateHealthReport } from '@myko/state';
import { Controller, Get, Optional, Res } from '@nestjs/common';
import { type FrameworkResponse, rawResponse } from '../common/raw-response';
import { DrainCoordinator } from '../lifecycle/drain.coordinator';

/** What `GET /health/ready` answers (200 when `ready`, else 503). */
export interface ReadinessReport {
  ready: boolean;
  draining: boolean;
  sandbox?: SandboxReadiness;
  /** Where the shared state lives; on Redis, `up` is false while it cannot be reached. */
  state?: StateHealthReport;
}

function send(res: FrameworkResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  rawResponse(res).writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' }).end(text);
}

/**
 * Probes for orchestrators, apart: `GET /health/live` (the process serves HTTP: restart it when
 * this fails) and `GET /health/ready` (send it traffic: false while draining, while the sandbox
 * cannot start a run, or while Redis is unreachable). `GET /health` keeps its report for humans.
 */
@Controller('health')
export class ProbesController {
  constructor(
    private readonly drain: DrainCoordinator,
    @Optional() private readonly sandbox?: SandboxReadinessProbe,
    @Optional() private readonly state?: StateHealth,
  ) {}

  @Get('live')
  live(@Res() res: FrameworkResponse): void {
    send(res, 200, { live: true });
  }

  @Get('ready')
  async ready(@Res() res: FrameworkResponse): Promise<void> {
    const sandbox = this.drain.isDraining ? undefined : await this.sandbox?.check();
    const draining = this.drain.isDraining;
    const state = this.state?.report();
    const ready = !draining && (sandbox?.ready ?? true) && (state?.up ?? true);
    const report: ReadinessReport = { ready, draining, ...(sandbox ? { sandbox } : {}), ...(state ? { state } : {}) };
    send(res, ready ? 200 : 503, report);
  }
}
