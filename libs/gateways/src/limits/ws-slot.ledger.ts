import type { IncomingMessage } from 'node:http';
import { Injectable } from '@nestjs/common';
import type { WebSocket } from 'ws';

/** Close of a socket evicted to make room for a newcomer: 1013 "try again later" (the client may reconnect). */
export const WS_EVICTED_CLOSE = {
  code: 1013,
  reason: 'evicted: connection cap reached and this socket was the longest idle; reconnect when needed',
} as const;

/** Which cap a newcomer hit: its address's or its API key's. */
export type WsSlotGroup = { address: string } | { keyId: string };

interface SlotEntry {
  readonly address: string;
  readonly keyId?: string;
  readonly release: () => void;
  socket?: WebSocket;
  initialized?: () => boolean;
  connectedAt: number;
  /** Last time a message came in or an answer went out. */
  activeAt: number;
  inFlight: number;
  forgotten?: boolean;
}

/**
 * The live WebSocket slots by address and by API key, with how each socket is used, so that a full
 * per-address or per-key cap ends the holder's least useful socket instead of refusing the newcomer:
 * one client must not lock out the others who share its address (loopback, a proxy) or its key.
 * Least useful: a socket that has not initialized (oldest first), else the one idle longest. A socket
 * with a request running is never evicted, nor one still upgrading; an address's cap ends only
 * anonymous sockets, a key's cap only that key's. Only when none is evictable is the newcomer refused.
 */
@Injectable()
export class WsSlotLedger {
  private readonly byGroup = new Map<string, Set<SlotEntry>>();
  private readonly byRequest = new WeakMap<IncomingMessage, SlotEntry>();
  private readonly bySocket = new WeakMap<WebSocket, SlotEntry>();

  /** Records the slot reserved at `req`'s handshake; it is released and forgotten when the request's socket closes. */
  hold(req: IncomingMessage, address: string, keyId: string | undefined, release: () => void): void {
    const now = Date.now();
    const entry: SlotEntry = { address, keyId, release, connectedAt: now, activeAt: now, inFlight: 0 };
    this.byRequest.set(req, entry);
    this.members(groupOf(entry)).add(entry);
    req.socket.once('close', () => this.forget(entry));
  }

  /** The upgraded socket of `req`; from now on it may be evicted. */
  attach(socket: WebSocket, req: IncomingMessage, initialized: () => boolean): void {
    const entry = this.byRequest.get(req);
    if (!entry) return;
    entry.socket = socket;
    entry.initialized = initialized;
    entry.activeAt = Date.now();
    this.bySocket.set(socket, entry);
    socket.once('close', () => this.forget(entry));
  }

  /** Marks a message of `socket` as being handled; call the result when it has been answered. */
  busy(socket: WebSocket): () => void {
    const entry = this.bySocket.get(socket);
    if (!entry) return () => {};
    entry.inFlight += 1;
    entry.activeAt = Date.now();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      entry.inFlight -= 1;
      entry.activeAt = Date.now();
    };
  }

  /**
   * Ends the least useful socket of `group` (close 1013) and frees its slot at once, whether or not
   * the peer completes the close. False when every socket of the group is busy or still upgrading.
   */
  evictFor(group: WsSlotGroup): boolean {
    const victim = this.victimOf(this.byGroup.get(groupKey(group)));
    if (!victim?.socket) return false;
    victim.socket.close(WS_EVICTED_CLOSE.code, WS_EVICTED_CLOSE.reason);
    this.forget(victim);
    return true;
  }

  private victimOf(entries: Set<SlotEntry> | undefined): SlotEntry | undefined {
    let victim: SlotEntry | undefined;
    let victimRank = Number.POSITIVE_INFINITY;
    for (const entry of entries ?? []) {
      if (!entry.socket || entry.inFlight > 0) continue;
      // Uninitialized sockets rank before every initialized one, each kind by age of its last use.
      const rank = entry.initialized?.() ? entry.activeAt : entry.connectedAt - Number.MAX_SAFE_INTEGER / 2;
      if (rank < victimRank) {
        victim = entry;
        victimRank = rank;
      }
    }
    return victim;
  }

  private forget(entry: SlotEntry): void {
    if (entry.forgotten) return;
    entry.forgotten = true;
    entry.release();
    const group = groupOf(entry);
    const members = this.byGroup.get(group);
    if (members?.delete(entry) && members.size === 0) this.byGroup.delete(group);
  }

  private members(group: string): Set<SlotEntry> {
    let members = this.byGroup.get(group);
    if (!members) {
      members = new Set();
      this.byGroup.set(group, members);
    }
    return members;
  }
}

function groupKey(group: WsSlotGroup): string {
  return 'keyId' in group ? `key:${group.keyId}` : `address:${group.address}`;
}

/** An address's cap ends only anonymous sockets: a keyed socket is ended only for its own key's newcomer. */
function groupOf(entry: SlotEntry): string {
  return groupKey(entry.keyId === undefined ? { address: entry.address } : { keyId: entry.keyId });
}
