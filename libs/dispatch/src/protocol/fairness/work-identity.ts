import type { ClientContext } from '../../interfaces/client-context.interface';

/**
 * The tenant a request belongs to, the upper level of every per-client mechanism: its API key or token
 * identity, else its address (`ClientContext.clientId`), a stateless request's caller, else its session.
 * A key is a tenant, not an agent: many conversations share one principal.
 */
export function principalOf(client: ClientContext): string {
  return client.clientId ?? client.caller ?? `session:${client.sessionId}`;
}

/**
 * The conversation inside the principal, the lower level: an HTTP session, a WebSocket connection, or what a
 * gateway names for a stateless request (`ClientContext.conversationId`). Always prefixed by its principal, so
 * a name a client chooses can never reach into another principal.
 */
export function conversationOf(client: ClientContext): string {
  return `${principalOf(client)}/${client.conversationId ?? client.sessionId}`;
}

/** Whose main-thread work a request is, for the fairness budgets: its principal (see `principalOf`). */
export const workIdentityOf = principalOf;
