import type { OperationInvoker } from '@myko/registry';
import type { RequestContext } from '../../interfaces/request-context.interface';
import { createOperationContext } from './operation-context.factory';

/**
 * Tells the invoker's listeners (the audit log) that a `myko.*` call was refused by the client's
 * filters before it ran. `argsJson` is read leniently: a refusal is recorded even when the
 * arguments would not have parsed.
 */
export function reportRefusal(
  invoker: OperationInvoker,
  request: RequestContext,
  name: string,
  args: object | string,
  reason: string,
): void {
  invoker.reportRefusal(
    name,
    typeof args === 'string' ? lenient(args) : args,
    createOperationContext(name, request),
    reason,
  );
}

function lenient(argsJson: string): unknown {
  try {
    return argsJson === '' ? {} : JSON.parse(argsJson);
  } catch {
    return argsJson;
  }
}
