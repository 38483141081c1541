/**
 * What dispatch sends other instances, as the first element of a bus message (the rest are its
 * fields, positional): one letter, so that a message is a short JSON array.
 */
export const CLUSTER_KIND = Object.freeze({
  /** `[c, sessionId, requestId, reason]`: `notifications/cancelled` for a request running elsewhere (broadcast). */
  cancel: 'c',
  /** `[e, sessionId]`: the session was deleted or evicted; every instance forgets what it holds of it (broadcast). */
  sessionEnded: 'e',
  /** `[u, sessionId, uri]`: `resources/unsubscribe`, for the instance watching the URI for the session (broadcast). */
  unsubscribed: 'u',
  /** `[r, uri]`: a plugin announced `ResourceEvents.changed(uri)` (broadcast). */
  resourceChanged: 'r',
  /** `[w, entities | null]`: commands succeeded that wrote these entities (null: undeclared, anything) (broadcast). */
  entitiesWritten: 'w',
  /**
   * `[v, uris | null, leaseMs]`: every URI the sender's clients watch (null: too many to list, take it as
   * watching everything), good for `leaseMs` unless told again (broadcast; see `ClusterWatches`).
   */
  watching: 'v',
  /** `[a, sessionId, requestId, result | null, error | null]`: the client's answer to a request this instance awaits. */
  answer: 'a',
  /** `[n, message]`: a session-level JSON-RPC message for the session's stream (on the session's topic). */
  sessionMessage: 'n',
} as const);

export type ClusterKind = (typeof CLUSTER_KIND)[keyof typeof CLUSTER_KIND];

/** Told the fields of one message of its kind and the instance that sent it. */
export type ClusterHandler = (fields: readonly unknown[], origin: string) => void;
