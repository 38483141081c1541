import { randomBytes } from 'node:crypto';
import type { RedisStateClient } from '../redis/redis-state.client';

/** Bytes of a generated secret (256 bits, the HMAC-SHA256 key size). */
const SECRET_BYTES = 32;

/**
 * Secrets every instance must agree on without the operator configuring them (the signing key of
 * 2026-07-28 `requestState`): the first instance to ask creates one, every other one reads it. A
 * configured secret always wins; this is for the deployment that did not set one.
 */
export interface SharedSecrets {
  /** The secret named `name`, created at random on first use and the same for every instance after. */
  obtain(name: string): Promise<string>;
}

/**
 * In Redis: `SET NX` then `GET`, so two instances starting at once still end with one secret. It has
 * no expiry: a secret that changed under a running deployment would invalidate every state in flight.
 */
export class RedisSharedSecrets implements SharedSecrets {
  constructor(private readonly client: RedisStateClient) {}

  async obtain(name: string): Promise<string> {
    const key = `secret:${name}`;
    const candidate = randomBytes(SECRET_BYTES).toString('base64url');
    const [, stored] = (await this.client.pipeline('shared secret', (pipeline) => {
      pipeline.set(key, candidate, 'NX');
      pipeline.get(key);
    })) as [unknown, unknown];
    if (typeof stored !== 'string' || stored.length < SECRET_BYTES) {
      throw new Error(`Redis holds no usable shared secret at ${key}`);
    }
    return stored;
  }
}
