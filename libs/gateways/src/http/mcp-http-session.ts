import { clientIdOf } from '../limits/client-address';
import type { McpHttpSession } from './mcp-http-session.interface';
import type { SessionOwner } from './session-owner';
import type { SessionStreams } from './session-streams';

/** One entry of the operator's live view: who holds a session (`key:…`, else `address:…`) and its profile. */
export interface SessionHolder {
  principal: string;
  session: string;
  profile?: string;
}

/** A session just registered: seen now, no request made yet and none running. */
export function newHttpSession(
  id: string,
  owner: SessionOwner,
  openedAt: number,
  streams: SessionStreams,
): McpHttpSession {
  return { id, owner, principal: owner.principal, openedAt, lastSeenAt: Date.now(), requests: 0, active: 0, streams };
}

/** Who holds `session`, and its profile. */
export function holderOf({ id, owner }: McpHttpSession): SessionHolder {
  return {
    principal: clientIdOf(owner.keyId, owner.address),
    session: id,
    ...(owner.principal === undefined ? {} : { profile: owner.principal }),
  };
}
