import { type SandboxHealth, SandboxHealthProvider } from '@myko/dispatch';
import { Controller, Get, Header, Optional } from '@nestjs/common';

/** What `GET /health` answers. */
export interface HealthReport {
  status: 'ok';
  uptimeSeconds: number;
  /** The `execute` sandbox: live isolates, sandbox processes, load and crashes (absent without dispatch). */
  sandbox?: SandboxHealth;
}

/** Liveness: `GET /health` answers while the process serves requests, with the sandbox's vital signs. */
@Controller('health')
export class HealthController {
  private readonly startedAt = Date.now();

  constructor(@Optional() private readonly sandbox?: SandboxHealthProvider) {}

  @Get()
  @Header('Cache-Control', 'no-store')
  check(): HealthReport {
    const uptimeSeconds = Math.floor((Date.now() - this.startedAt) / 1000);
    return { status: 'ok', uptimeSeconds, ...(this.sandbox ? { sandbox: this.sandbox.current() } : {}) };
  }
}
