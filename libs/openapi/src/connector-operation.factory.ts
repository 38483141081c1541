import type { OperationContext, ProgrammaticOperation } from '@myko/registry';
import type { BackendAuth } from './http/backend-auth.resolver';
import type { CallLimits, ConnectorHttpClient } from './http/connector-http.client';
import { buildRequest } from './http/connector-request.builder';
import { credentialRedactor } from './http/credential.redactor';
import type { ConnectorOperation } from './interfaces/connector-operation.interface';
import { schemaValidator } from './validation/connector-arguments.validator';
import { assertOnRoute } from './validation/route-arguments.guard';

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
 * them and the route rules before any request, and run as one HTTP call (retried only when idempotent),
 * whose answer has the credentials it carried redacted.
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
    const request = buildRequest(operation, args as Record<string, unknown>, name);
    const auth = runtime.auth(ctx, name);
    const headers = { ...request.headers, ...auth };
    return runtime.client.call(name, { ...request, headers, redact: credentialRedactor(auth) }, limits, ctx.signal);
  };
  const validateSchema = schemaValidator(name, operation.input);
  // The route rules run with the schema, so a refused value fails before approval and any request.
  const validate = (args: Record<string, unknown>) => {
    const valid = validateSchema(args);
    assertOnRoute(name, operation, args);
    return valid;
  };
  return {
    kind: operation.kind,
    id: operation.id,
    description: operation.description,
    keywords: operation.keywords,
    schema: {
      input: operation.input,
      validate,
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
