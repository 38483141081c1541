import { Injectable } from '@nestjs/common';

/**
 * Which door turned the client away: an HTTP request, a WebSocket handshake, a request on an open WebSocket, a
 * request on stdio (refused while the server drains).
 */
export type EdgeDoor = 'http' | 'ws-handshake' | 'ws' | 'stdio';

/**
 * One refusal at the edge, for the audit log (a SIEM's input): a limit (429/503, -32029 on an open socket), a
 * missing or invalid credential (401), a credential or origin without access (403), a server that cannot serve (503).
 */
export interface EdgeRefusal {
  /** Epoch ms. */
  readonly at: number;
  readonly door: EdgeDoor;
  /** The HTTP status answered; absent for a -32029 error sent on an open WebSocket. */
  readonly status?: number;
  /** `key:<16 hex>` (an API key's or token holder's identity, never the key) when known, else `address:<ip>`. */
  readonly principal: string;
  /** `<principal>/<session>`, when the refused request belonged to one. */
  readonly conversation?: string;
  /** The JSON-RPC method, when the refusal read it. */
  readonly operation?: string;
  /** The limit (`rateLimit`, `maxInFlightPerSession`, `quota.requestsPerSecond`…), else `unauthorized`, `forbidden`… */
  readonly reason: string;
  readonly retryAfterMs?: number;
  /** The message the client was answered with. */
  readonly detail?: string;
}

/** Who a refusal turned away, as the transports know it when they refuse. */
export interface RefusedSubject {
  readonly principal: string;
  readonly conversation?: string;
  readonly operation?: string;
}

/**
 * Where the transports report their refusals: a small listener list, so the gateways need not know the audit log.
 * Without listeners nothing is built: a flood of refusals costs no more than the refusals themselves.
 * @publicApi
 */
@Injectable()
export class EdgeRefusals {
  private readonly listeners: ((refusal: EdgeRefusal) => void)[] = [];

  /** Calls `listener` for every refusal at the edge; returns the function that stops it. */
  onRefusal(listener: (refusal: EdgeRefusal) => void): () => void {
    this.listeners.push(listener);
    return () => {
      const at = this.listeners.indexOf(listener);
      if (at >= 0) this.listeners.splice(at, 1);
    };
  }

  /** A refusal was answered; `refusal` is built only when someone listens. */
  report(refusal: () => EdgeRefusal): void {
    if (this.listeners.length === 0) return;
    const built = refusal();
    for (const listener of this.listeners) listener(built);
  }
}

/** The reason of a refusal that names no limit, from its HTTP status. */
export function reasonOfStatus(status: number): string {
  switch (status) {
    case 400:
      return 'bad-request';
    case 401:
      return 'unauthorized';
    case 403:
      return 'forbidden';
    case 429:
      return 'too-many-requests';
    case 503:
      return 'unavailable';
    default:
      return `http-${status}`;
  }
}

/** The JSON-RPC method of a parsed message, when it has one. */
export function methodOf(message: unknown): string | undefined {
  const method = (message as { method?: unknown } | null)?.method;
  return typeof method === 'string' ? method : undefined;
}
