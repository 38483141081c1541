import type { ClientContext } from '../interfaces/client-context.interface';
import type { ProgressReporter } from '../interfaces/request-context.interface';
import { isValidId } from '../json-rpc/json-rpc.codec';
import type { JsonRpcParams } from '../json-rpc/json-rpc.message';

const NO_PROGRESS: ProgressReporter = () => undefined;

/**
 * Sends `notifications/progress` for a request that carried `_meta.progressToken`, when the
 * transport can deliver it. MCP requires `progress` to increase, so values that do not are dropped
 * (an `execute` may run several operations that each count from zero).
 */
export function createProgressReporter(params: JsonRpcParams, client: ClientContext): ProgressReporter {
  const meta = params._meta as Record<string, unknown> | undefined;
  const token = meta?.progressToken;
  const notify = client.notify;
  if (!notify || !isValidId(token)) return NO_PROGRESS;
  let last = Number.NEGATIVE_INFINITY;
  return (progress, total, message) => {
    if (!Number.isFinite(progress) || progress <= last) return;
    last = progress;
    const body: Record<string, unknown> = { progressToken: token, progress };
    if (total !== undefined) body.total = total;
    if (message !== undefined) body.message = message;
    notify({ jsonrpc: '2.0', method: 'notifications/progress', params: body });
  };
}
