/** Who opened an HTTP session: the key (its digest) and profile, and the client address. */
export interface SessionOwner {
  /** Hex SHA-256 of the API key; undefined for an anonymous client. */
  readonly keyId?: string;
  readonly principal?: string;
  readonly address: string;
}

/** The caller of a request on a session: only the key (or the anonymous profile) that opened it may use it. */
export interface SessionCaller {
  readonly keyId?: string;
  readonly principal?: string;
}

/** Same key, or both anonymous with the same profile. */
export function ownsSession(owner: SessionOwner, caller: SessionCaller): boolean {
  return owner.keyId === caller.keyId && owner.principal === caller.principal;
}
