import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';

/** The configured operator key, kept as its digest and compared in constant time. */
export class OperatorKey {
  private readonly digest: Buffer;

  constructor(key: string) {
    this.digest = sha256(key);
  }

  /** Whether the request's `Authorization: Bearer <key>` is the operator key. */
  admits(headers: IncomingHttpHeaders): boolean {
    const match = /^Bearer\s+(\S+)\s*$/i.exec(headers.authorization ?? '');
    return match !== null && timingSafeEqual(sha256(match[1]), this.digest);
  }
}

function sha256(text: string): Buffer {
  return createHash('sha256').update(text).digest();
}
