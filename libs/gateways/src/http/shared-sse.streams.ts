import { randomBytes } from 'node:crypto';
import { MessageBus, RedisSseEventLog, RedisStateClient, type SseLogEntry, type SseLogReplay } from '@myko/state';
import { Inject, Injectable, Logger, Optional } from '@nestjs/common';
import { GATEWAYS_OPTIONS } from '../gateways.constants';
import type { ResolvedGatewaysOptions } from '../interfaces';

/** What a stream tells the shared log: its head (a request stream), each event, its end. */
export interface SseMirror {
  /** Tags this instance's request stream ids (`r<n>x<tag>`), so two instances never pick the same id. */
  readonly streamTag: string;
  opened(streamId: string, requestId: string | number | null): void;
  event(streamId: string, seq: number, data: string): void;
  ended(streamId: string, seq: number): void;
}

type SharedSseOptions = Pick<
  ResolvedGatewaysOptions,
  'eventStoreMaxEvents' | 'eventStoreTtlMs' | 'sessionIdleTimeoutMs'
>;

/**
 * The SSE streams' side of Redis: every event a session's streams send here is also logged there
 * (batched per event-loop turn: one round trip however many events, never awaited by the sender),
 * so another instance resumes the stream with `Last-Event-ID`. Off in memory.
 */
@Injectable()
export class SharedSseStreams {
  private readonly logger = new Logger(SharedSseStreams.name);
  private readonly log?: RedisSseEventLog;
  private readonly streamTag = randomBytes(5).readUIntBE(0, 5).toString(36);
  private batch: SseLogEntry[] = [];
  private failing = false;

  constructor(
    @Inject(GATEWAYS_OPTIONS) options: SharedSseOptions,
    @Optional() @Inject(RedisStateClient) client?: RedisStateClient | null,
    @Optional() private readonly bus?: MessageBus,
  ) {
    if (!client) return;
    const ttlMs = options.eventStoreTtlMs > 0 ? options.eventStoreTtlMs : options.sessionIdleTimeoutMs;
    this.log = new RedisSseEventLog(client, { maxEvents: options.eventStoreMaxEvents, ttlMs });
  }

  get enabled(): boolean {
    return this.log !== undefined;
  }

  /** The mirror of one session's streams; undefined in memory. */
  mirror(sessionId: string): SseMirror | undefined {
    if (!this.log) return undefined;
    const instanceId = this.bus?.instanceId ?? this.streamTag;
    return {
      streamTag: this.streamTag,
      // Logged at once: a stream whose instance dies before its first event is still known elsewhere.
      opened: (streamId, requestId) => this.enqueue({ sessionId, streamId, seq: 0, head: { instanceId, requestId } }),
      event: (streamId, seq, data) => this.enqueue({ sessionId, streamId, seq, data }),
      ended: (streamId, seq) => this.enqueue({ sessionId, streamId, seq, end: true }),
    };
  }

  /** What the log holds of a stream after `afterSeq` (one round trip). */
  read(sessionId: string, streamId: string, afterSeq: number): Promise<SseLogReplay> {
    if (!this.log) throw new Error('SSE streams are not shared');
    return this.log.read(sessionId, streamId, afterSeq);
  }

  /** Whether the instance that ran a request still runs (true when nobody can tell). */
  async isAlive(instanceId: string): Promise<boolean> {
    if (!this.bus?.shared) return true;
    return this.bus.isAlive(instanceId);
  }

  private enqueue(entry: SseLogEntry): void {
    this.batch.push(entry);
    if (this.batch.length === 1) queueMicrotask(() => this.flush());
  }

  private flush(): void {
    const entries = this.batch;
    this.batch = [];
    this.log?.write(entries).then(
      () => {
        if (this.failing) this.logger.log('SSE events are logged to Redis again');
        this.failing = false;
      },
      (error: Error) => {
        // The stream itself goes on here; only a resume on another instance misses these events.
        if (!this.failing)
          this.logger.warn(`SSE events not logged to Redis (resumes elsewhere miss them): ${error.message}`);
        this.failing = true;
      },
    );
  }
}
