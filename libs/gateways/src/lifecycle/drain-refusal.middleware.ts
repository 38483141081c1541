import type { IncomingMessage, ServerResponse } from 'node:http';
import { Injectable, type NestMiddleware } from '@nestjs/common';
import { DrainCoordinator } from './drain.coordinator';
import { isMcpPost, writeShutdownRefusal } from './shutdown-refusal';

/**
 * Every HTTP request passes here first. While the server drains, all but POSTs to the MCP endpoint get
 * 503 (`/health` too, so a load balancer takes the instance out); the MCP controller then refuses POSTed
 * requests but still takes notifications and responses, which in-flight calls may be waiting for.
 */
@Injectable()
export class DrainRefusalMiddleware implements NestMiddleware {
  constructor(private readonly drain: DrainCoordinator) {}

  use(req: IncomingMessage, res: ServerResponse, next: () => void): void {
    this.drain.trackResponse(res);
    if (this.drain.isDraining && !isMcpPost(req)) writeShutdownRefusal(res);
    else next();
  }
}
