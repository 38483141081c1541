/** One SSE event kept for `Last-Event-ID` resumption: its sequence number in its stream and its data. */
export interface LoggedSseEvent {
  readonly seq: number;
  readonly data: string;
}

/** What a resume elsewhere finds after a given event. */
export interface SseLogReplay {
  readonly events: LoggedSseEvent[];
  /** Some events after the given one were trimmed away: the replay has a hole. */
  readonly gap: boolean;
}

/** Bounds of every stream's log. */
export interface SseEventLogLimits {
  /** Events kept per stream (older ones are trimmed). */
  readonly maxEvents: number;
  /** A stream's log expires this long after its last event (0: never). */
  readonly ttlMs: number;
}

/**
 * The SSE events of every session's streams, readable by any instance, so a stream whose instance
 * died is resumed elsewhere with `Last-Event-ID`. Each method is one round trip.
 */
export interface SseEventLog {
  readonly shared: boolean;
  append(sessionId: string, streamId: string, seq: number, data: string): Promise<void>;
  after(sessionId: string, streamId: string, seq: number): Promise<SseLogReplay>;
  /** Drops every stream of the session (it ended). */
  drop(sessionId: string, streamIds: readonly string[]): Promise<void>;
}
