import type { ClientContext } from '../../interfaces/client-context.interface';

/** A setting of the client's access profile (its `principal`) where the profile sets one, else the server's. */
export function byProfile<T>(server: T, profiles: Readonly<Record<string, T>>): (client: ClientContext) => T {
  const table = new Map(Object.entries(profiles));
  return (client) => (client.principal === undefined ? undefined : table.get(client.principal)) ?? server;
}
