/** Who opened an HTTP session: the client's identity and profile, and the client address. */
export interface SessionOwner {
  /** The client's identity (`ClientAccess.keyId`: an API key's digest, or a token holder's); undefined when anonymous. */
  readonly keyId?: string;
  readonly principal?: string;
  readonly address: string;
  /**
   * The `sessions` quota of the owner's profile (`profiles.<name>.quotas.sessions`): replaces the per-key (or, keyless,
   * per-address) session cap for this principal.
   */
  readonly sessionQuota?: { readonly profile: string; readonly limit: number };
}

/** The caller of a request on a session: only the identity (or the anonymous profile) that opened it may use it. */
export interface SessionCaller {
  readonly keyId?: string;
  readonly principal?: string;
}

/** Same identity, or both anonymous with the same profile. */
export function ownsSession(owner: SessionOwner, caller: SessionCaller): boolean {
  return owner.keyId === caller.keyId && owner.principal === caller.principal;
}
