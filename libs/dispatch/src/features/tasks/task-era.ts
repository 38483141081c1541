import type { RequestContext } from '../../interfaces/request-context.interface';
import { isPlainObject } from '../../protocol/json-rpc/json-rpc.codec';
import { MODERN_PROTOCOL_VERSIONS, TASKS_EXTENSION } from '../../protocol/protocol-era/protocol-era.constants';

/**
 * A 2026-07-28 request (its session is built from its own `_meta`). Not `request.input`: only the methods that
 * may ask for input get a round, and `tasks/*` are not among them.
 */
export function isModernRequest(request: RequestContext): boolean {
  const version = request.session.protocolVersion;
  return version !== undefined && MODERN_PROTOCOL_VERSIONS.includes(version);
}

/** Whether a 2026-07-28 request declared the tasks extension in its client capabilities. */
export function declaresTasks(request: RequestContext): boolean {
  const extensions = request.session.clientCapabilities?.extensions;
  return isPlainObject(extensions) && extensions[TASKS_EXTENSION] !== undefined;
}
