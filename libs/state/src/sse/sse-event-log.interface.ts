/** One SSE event kept for `Last-Event-ID` resumption: its sequence number in its stream and its data. */
export interface LoggedSseEvent {
  readonly seq: number;
  readonly data: string;
}

/** Who holds a request stream: the instance running the request, and the request's JSON-RPC id. */
export interface SseStreamHead {
  readonly instanceId: string;
  readonly requestId: string | number | null;
}

/**
 * One write to the log: an event (`data`), the end of the stream after `seq` (`end`), and with the
 * first event of a request stream its `head`.
 */
export interface SseLogEntry {
  readonly sessionId: string;
  readonly streamId: string;
  readonly seq: number;
  readonly data?: string;
  readonly end?: boolean;
  readonly head?: SseStreamHead;
}

/** What a resume elsewhere finds after a given event. */
export interface SseLogReplay {
  /** The log holds anything of this stream (else it is unknown, or expired). */
  readonly exists: boolean;
  readonly events: LoggedSseEvent[];
  /** Some events after the given one were trimmed away: the replay has a hole. */
  readonly gap: boolean;
  /** The stream is complete (its response was logged): nothing more will come. */
  readonly ended: boolean;
  readonly head?: SseStreamHead;
}

/** Bounds of every stream's log. */
export interface SseEventLogLimits {
  /** Events kept per stream (older ones are trimmed). */
  readonly maxEvents: number;
  /** A stream's log expires this long after its last write (0: never). */
  readonly ttlMs: number;
}

/**
 * The SSE events of every session's streams, readable by any instance, so a stream is resumed with
 * `Last-Event-ID` on another instance than the one that sent it (or after that one died). Each
 * method is one round trip, however many entries a `write` carries.
 */
export interface SseEventLog {
  readonly shared: boolean;
  write(entries: readonly SseLogEntry[]): Promise<void>;
  read(sessionId: string, streamId: string, afterSeq: number): Promise<SseLogReplay>;
}
