import { randomBytes } from 'node:crypto';

/**
 * A fresh instance id: 10 base-36 characters (~51 bits), so that ids of instances that ever
 * shared a Redis do not meet, and short, since it travels in request ids and bus topics.
 */
export function newInstanceId(): string {
  const value = randomBytes(8).readBigUInt64BE() >> 12n;
  return value.toString(36).padStart(10, '0').slice(-10);
}
