import type { IncomingMessage } from 'node:http';
import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import { HostOriginPolicy } from '../common/host-origin.policy';
import { McpHttpError } from '../errors';
import { TRANSPORT_ERROR } from '../gateways.constants';

/** Refuses MCP HTTP requests from a foreign Host or Origin with 403 (DNS rebinding, cross-site calls). */
@Injectable()
export class HostOriginGuard implements CanActivate {
  constructor(private readonly policy: HostOriginPolicy) {}

  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<IncomingMessage>();
    const refusal = this.policy.refusal(req.headers.host, req.headers.origin);
    if (refusal) throw new McpHttpError(403, TRANSPORT_ERROR, `Forbidden: ${refusal}`);
    return true;
  }
}
