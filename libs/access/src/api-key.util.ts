import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const KEY_HASH = /^sha256:([0-9a-fA-F]{64})$/;

/** SHA-256 of a key's UTF-8 bytes. */
export function digestApiKey(key: string): Buffer {
  return createHash('sha256').update(key, 'utf8').digest();
}

/** The form an API key is stored in a config: `sha256:<64 lowercase hex digits>`. */
export function hashApiKey(key: string): string {
  return `sha256:${digestApiKey(key).toString('hex')}`;
}

/** A new random API key (256 bits, base64url), for operators to hand out. */
export function generateApiKey(): string {
  return randomBytes(32).toString('base64url');
}

/** The digest in a stored `sha256:<hex>` hash, or undefined when it is not one. */
export function parseKeyHash(stored: string): Buffer | undefined {
  const match = KEY_HASH.exec(stored);
  return match ? Buffer.from(match[1], 'hex') : undefined;
}

/** Compares two digests in time independent of where they differ. */
export function digestsEqual(a: Buffer, b: Buffer): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}
