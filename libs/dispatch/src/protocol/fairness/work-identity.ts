import type { ClientContext } from '../../interfaces/client-context.interface';

/**
 * Whose main-thread work a request is, for the fairness budgets: the client across its sessions (its
 * API key or token identity, else its address), a stateless request's caller, else its session.
 */
export function workIdentityOf(client: ClientContext): string {
  return client.clientId ?? client.caller ?? `session:${client.sessionId}`;
}
