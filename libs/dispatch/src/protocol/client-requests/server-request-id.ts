import { SERVER_REQUEST_ID_PREFIX } from '../../dispatch.constants';
import type { JsonRpcId } from '../../interfaces/json-rpc.types';

const WITH_INSTANCE = new RegExp(`^${SERVER_REQUEST_ID_PREFIX}([a-z0-9]{10})\\.\\d+$`);

/**
 * The id of one of our requests to a client: `myko-srv-3` (the session's third) on a single instance,
 * `myko-srv-<instance id>.3` (the instance's third) when several share the sessions, so that whichever
 * instance the answer reaches knows which one awaits it (and two instances never send the same id).
 */
export function serverRequestId(count: number, instanceId?: string): JsonRpcId {
  return instanceId ? `${SERVER_REQUEST_ID_PREFIX}${instanceId}.${count}` : `${SERVER_REQUEST_ID_PREFIX}${count}`;
}

/** The instance awaiting the answer with this id, when the id names one. */
export function awaitingInstanceOf(id: JsonRpcId): string | undefined {
  return typeof id === 'string' ? WITH_INSTANCE.exec(id)?.[1] : undefined;
}
