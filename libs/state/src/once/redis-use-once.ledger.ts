import type { RedisStateClient } from '../redis/redis-state.client';
import type { UseOnceLedger } from './use-once-ledger.interface';

/** Key of a use, under the connection's prefix: `<prefix><namespace>:used:<id>`. */
const usedKey = (namespace: string, id: string) => `${namespace}:used:${id}`;

/**
 * Uses in Redis: one `SET NX PX` per claim, so of two instances claiming one id at once exactly one
 * gets `OK`. The key expires with the token it records.
 */
export class RedisUseOnceLedger implements UseOnceLedger {
  readonly shared = true;

  constructor(
    private readonly client: RedisStateClient,
    private readonly namespace: string,
  ) {}

  async claim(id: string, ttlMs: number): Promise<boolean> {
    const px = Math.max(1, Math.ceil(ttlMs));
    const reply = await this.client.run(`${this.namespace} use`, (redis) =>
      redis.set(usedKey(this.namespace, id), '1', 'PX', px, 'NX'),
    );
    return reply === 'OK';
  }
}
