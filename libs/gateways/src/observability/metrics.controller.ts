import type { IncomingMessage } from 'node:http';
import { Controller, Get, Inject, Req, Res } from '@nestjs/common';
import { type FrameworkResponse, rawResponse } from '../common/raw-response';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';
import { AddressAllowList } from './address-allow-list';
import { MykoMetrics } from './metrics.service';

/**
 * `GET /metrics`: the Prometheus exposition, for the addresses of `observability.metrics.allow`
 * only (403 for others). Off the MCP path: no API key or token, no MCP framing.
 */
@Controller('metrics')
export class MetricsController {
  private readonly allowed: AddressAllowList;

  constructor(
    private readonly metrics: MykoMetrics,
    @Inject(GATEWAYS_OPTIONS) options: Pick<ResolvedGatewaysOptions, 'metrics'>,
  ) {
    this.allowed = new AddressAllowList(options.metrics?.allow ?? []);
  }

  @Get()
  async scrape(@Req() req: IncomingMessage, @Res() reply: FrameworkResponse): Promise<void> {
    const res = rawResponse(reply);
    if (!this.allowed.allows(req.socket.remoteAddress)) {
      res.writeHead(403, { 'Content-Type': 'text/plain' }).end('Forbidden: this address may not read metrics\n');
      return;
    }
    const body = await this.metrics.exposition();
    res.writeHead(200, { 'Content-Type': this.metrics.contentType, 'Cache-Control': 'no-store' }).end(body);
  }
}
