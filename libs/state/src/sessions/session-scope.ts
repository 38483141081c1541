import type { SessionRecordOwner } from './session-record.interface';

/** What a session counts against: its key, or for an anonymous owner its address. */
export function sessionScope(owner: SessionRecordOwner): string {
  return owner.keyId === undefined ? `address:${owner.address}` : `key:${owner.keyId}`;
}

export function sameScope(a: SessionRecordOwner, b: SessionRecordOwner): boolean {
  return sessionScope(a) === sessionScope(b);
}
