import type { OperationContext, ProgrammaticOperation } from '@myko/registry';
import type { BackendAuth } from './http/backend-auth.resolver';
import type { CallLimits, ConnectorHttpClient } from './http/connector-http.client';
import { buildRequest } from './http/connector-request.builder';
import type { ConnectorOperation } from './interfaces/connector-operation.interface';
import { schemaValidator } from './validation/connector-arguments.validator';

/** What every operation of one connector shares. */
export interface ConnectorRuntime {
  /** `openapi:<name>`. */
  readonly source: string;
  readonly client: ConnectorHttpClient;
  readonly auth: BackendAuth;
  /** The connector's limits; an operation's own `timeoutMs` replaces the timeout. */
  readonly limits: CallLimits;
}

/**
 * A mapped API operation as the registry takes it: described by its JSON Schemas, validated against
 * them before any request, and run as one HTTP call (retried only when idempotent).
 */
export function programmaticOperationOf(
  operation: ConnectorOperation,
  runtime: ConnectorRuntime,
): ProgrammaticOperation {
  const name = `${operation.kind}_${operation.id}`;
  const limits: CallLimits = {
    timeoutMs: operation.timeoutMs ?? runtime.limits.timeoutMs,
    maxResponseBytes: runtime.limits.maxResponseBytes,
    retries: operation.idempotent ? runtime.limits.retries : 0,
  };
  const handler = (args: object, ctx: OperationContext) => {
    const request = buildRequest(operation, args as Record<string, unknown>);
    const headers = { ...request.headers, ...runtime.auth(ctx, name) };
    return runtime.client.call(name, { ...request, headers }, limits, ctx.signal);
  };
  return {
    kind: operation.kind,
    id: operation.id,
    description: operation.description,
    keywords: operation.keywords,
    schema: {
      input: operation.input,
      validate: schemaValidator(name, operation.input),
      normalizers: operation.normalizers,
      defaults: operation.defaults,
      outputType: operation.outputType,
      ...(operation.output ? { output: operation.output } : {}),
    },
    handler,
    ...(operation.reads ? { reads: operation.reads } : {}),
    ...(operation.writes ? { writes: operation.writes } : {}),
    ...(operation.approval ? { approval: true } : {}),
    ...(operation.destructive ? { destructive: true } : {}),
    ...(operation.idempotent ? { idempotent: true } : {}),
    source: runtime.source,
  };
}
