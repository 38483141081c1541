import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { InvalidRequestStateError } from './protocol-era.errors';

/** What a signed `requestState` binds: who asked, for which request. */
export interface RequestStateBinding {
  /** The access profile of the caller ('' without auth). */
  readonly principal: string;
  /** The caller's key or token holder (`ClientContext.identity`; '' for a keyless client of the profile). */
  readonly identity: string;
  /** `requestDigest` of the request the state belongs to. */
  readonly digest: string;
}

interface SealedState<T> {
  /** principal */
  p: string;
  /** identity */
  i: string;
  /** nonce: no two states this server issues are alike, so using one never spends another */
  n: string;
  /** request digest */
  d: string;
  /** expiry, ms since the epoch */
  x: number;
  /** the payload */
  b: T;
}

/** A verified `requestState`: its payload, when it expires, and the id its single use is recorded under. */
export interface OpenedState<T> {
  readonly payload: T;
  /** ms since the epoch */
  readonly expiresAt: number;
  /** SHA-256 of the signed body (base64url): the same for every copy of one state, whatever its MAC text. */
  readonly id: string;
  /** The state's nonce: what the digests of the input requests it records are salted with. */
  readonly nonce: string;
}

/** Bytes of a state's nonce. */
const NONCE_BYTES = 12;

/** A fresh nonce for the next state, known before it is sealed so what it records can be salted with it. */
export function newStateNonce(): string {
  return randomBytes(NONCE_BYTES).toString('base64url');
}

/**
 * Signs and checks `requestState` (HMAC-SHA256 over the JSON body, base64url `body.mac`). The client
 * holds it between rounds and may alter it, so every field the server relies on is inside the MAC:
 * principal, identity, request digest and expiry. Not encrypted: it carries only the client's own answers and
 * the results of its own commands.
 */
export class RequestStateCodec {
  private readonly key: Buffer;

  /** `key`: at least 32 bytes of secret (config `requestState.key`); random per process when absent. */
  constructor(
    key: string | undefined,
    private readonly ttlMs: number,
    private readonly now: () => number = Date.now,
  ) {
    this.key = key === undefined ? randomBytes(32) : Buffer.from(key, 'utf8');
  }

  /** `nonce`: the one the payload's digests were salted with (`newStateNonce`); a fresh one when absent. */
  seal<T>(payload: T, binding: RequestStateBinding, nonce: string = newStateNonce()): string {
    const sealed: SealedState<T> = {
      p: binding.principal,
      i: binding.identity,
      n: nonce,
      d: binding.digest,
      x: this.now() + this.ttlMs,
      b: payload,
    };
    const body = Buffer.from(JSON.stringify(sealed), 'utf8').toString('base64url');
    return `${body}.${this.mac(body)}`;
  }

  /** @throws InvalidRequestStateError when it is malformed, altered, expired, or bound to another request or caller */
  open<T>(token: unknown, binding: RequestStateBinding): OpenedState<T> {
    if (typeof token !== 'string') throw new InvalidRequestStateError('it must be the string this server issued');
    const dot = token.indexOf('.');
    const body = token.slice(0, dot);
    const mac = Buffer.from(token.slice(dot + 1), 'base64url');
    const expected = Buffer.from(this.mac(body), 'base64url');
    if (dot <= 0 || mac.length !== expected.length || !timingSafeEqual(mac, expected)) {
      throw new InvalidRequestStateError('its signature does not match (altered, or issued by another server)');
    }
    const sealed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as SealedState<T>;
    if (sealed.x < this.now()) throw new InvalidRequestStateError('it has expired; send the request again without it');
    if (sealed.p !== binding.principal || sealed.i !== binding.identity) {
      throw new InvalidRequestStateError('it was issued to another client');
    }
    if (sealed.d !== binding.digest) throw new InvalidRequestStateError('it was issued for a different request');
    const id = createHash('sha256').update(body).digest('base64url');
    return { payload: sealed.b, expiresAt: sealed.x, id, nonce: sealed.n };
  }

  private mac(body: string): string {
    return createHmac('sha256', this.key).update(body).digest('base64url');
  }
}

/**
 * SHA-256 of the method and its params without what changes between rounds (`_meta`,
 * `inputResponses`, `requestState`), keys sorted: a state is only good for the request it came from.
 */
export function requestDigest(method: string, params: Record<string, unknown>): string {
  const { _meta, inputResponses, requestState, ...rest } = params;
  return createHash('sha256').update(method).update('\u0000').update(canonicalJson(rest)).digest('base64url');
}

/** JSON with object keys sorted at every depth, so equal values digest equally. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
