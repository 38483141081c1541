import type { ResolvedGatewaysOptions } from '../interfaces';
import type { McpHttpSession, SessionRoomRefusal } from './mcp-http-session.interface';
import type { SessionOwner } from './session-owner';
import type { SharedSessions } from './shared-sessions';

type SessionCaps = Pick<ResolvedGatewaysOptions, 'maxSessions' | 'maxSessionsPerKey' | 'maxSessionsPerAddress'>;

/** An owner's own cap, full: one of its sessions must give way for another. */
export interface FullOwnCap {
  readonly refusal: 'perKey' | 'perAddress' | 'quota';
  readonly sessions: Iterable<McpHttpSession>;
  /** A key gives up its own sessions; an anonymous client only anonymous ones. */
  readonly sameKey: boolean;
}

/**
 * The session caps: in total, per key (digest) and per address of anonymous clients. Holds the live
 * sessions of each key and of each anonymous address, and says which cap an owner's next session meets.
 */
export class SessionRoom {
  private readonly byKey = new Map<string, Set<McpHttpSession>>();
  private readonly anonymousByAddress = new Map<string, Set<McpHttpSession>>();

  constructor(private readonly caps: SessionCaps) {}

  add(session: McpHttpSession): void {
    const { map, key } = this.slot(session.owner);
    let set = map.get(key);
    if (!set) {
      set = new Set();
      map.set(key, set);
    }
    set.add(session);
  }

  remove(session: McpHttpSession): void {
    const { map, key } = this.slot(session.owner);
    const set = map.get(key);
    if (!set) return;
    set.delete(session);
    if (set.size === 0) map.delete(key);
  }

  /** The owner's own cap when its sessions here fill it, else undefined. */
  fullOwnCap(owner: SessionOwner): FullOwnCap | undefined {
    const { map, key } = this.slot(owner);
    const own = map.get(key);
    const cap = this.ownCap(owner);
    if (cap <= 0 || (own?.size ?? 0) < cap) return undefined;
    return { refusal: refusalOf(owner), sessions: own ?? [], sameKey: owner.keyId !== undefined };
  }

  /** Whether `size` sessions reach the total cap. */
  isFull(size: number): boolean {
    const { maxSessions } = this.caps;
    return maxSessions > 0 && size >= maxSessions;
  }

  /** On Redis: the cap that the sessions of every instance together fill for `owner`, if any. */
  async sharedRefusal(owner: SessionOwner, shared: SharedSessions): Promise<SessionRoomRefusal | undefined> {
    const ownCap = this.ownCap(owner);
    if (this.caps.maxSessions <= 0 && ownCap <= 0) return undefined;
    const { total, own } = await shared.count(owner);
    if (ownCap > 0 && own >= ownCap) return refusalOf(owner);
    return this.isFull(total) ? 'total' : undefined;
  }

  private ownCap(owner: SessionOwner): number {
    if (owner.sessionQuota) return owner.sessionQuota.limit;
    return owner.keyId === undefined ? this.caps.maxSessionsPerAddress : this.caps.maxSessionsPerKey;
  }

  private slot(owner: SessionOwner): { map: Map<string, Set<McpHttpSession>>; key: string } {
    const { keyId, address } = owner;
    return keyId === undefined ? { map: this.anonymousByAddress, key: address } : { map: this.byKey, key: keyId };
  }
}

function refusalOf(owner: SessionOwner): 'perKey' | 'perAddress' | 'quota' {
  if (owner.sessionQuota) return 'quota';
  return owner.keyId === undefined ? 'perAddress' : 'perKey';
}
