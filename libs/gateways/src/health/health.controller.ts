import { Controller, Get, Header } from '@nestjs/common';

/** Liveness: `GET /health` answers while the process serves requests. */
@Controller('health')
export class HealthController {
  private readonly startedAt = Date.now();

  @Get()
  @Header('Cache-Control', 'no-store')
  check(): { status: 'ok'; uptimeSeconds: number } {
    return { status: 'ok', uptimeSeconds: Math.floor((Date.now() - this.startedAt) / 1000) };
  }
}
