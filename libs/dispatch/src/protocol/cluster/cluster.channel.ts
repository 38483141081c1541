import {
  type BusMessage,
  type BusSubscription,
  CLUSTER_TOPIC,
  instanceTopic,
  MessageBus,
  sessionTopic,
} from '@myko/state';
import { Injectable, Logger, type OnApplicationShutdown, type OnModuleInit, Optional } from '@nestjs/common';
import { CLUSTER_KIND, type ClusterHandler, type ClusterKind } from './cluster-message';

/** At most one log line per this long about failed publishes (Redis down fails every one of them). */
const FAILURE_LOG_EVERY_MS = 10_000;

/** One session topic this instance holds, for as many local channels of the session. */
interface HeldSession {
  holders: number;
  subscription: Promise<BusSubscription | undefined>;
}

/**
 * Dispatch's door to the other instances sharing the bus: the cluster topic (rare messages any of
 * them may need: cancellations, session ends, events), this instance's topic (answers it awaits),
 * and the topics of the sessions whose session-level stream it holds. Without a shared bus (one
 * instance, the default) it is disabled and costs nothing: nothing is published or subscribed.
 */
@Injectable()
export class ClusterChannel implements OnModuleInit, OnApplicationShutdown {
  private readonly logger = new Logger('Cluster');
  private readonly handlers = new Map<string, ClusterHandler>();
  private readonly sessions = new Map<string, HeldSession>();
  private subscriptions: BusSubscription[] = [];
  private lastFailureLogAt = Number.NEGATIVE_INFINITY;

  constructor(@Optional() private readonly bus?: MessageBus) {}

  /** Whether other instances share the bus (`--redis`). */
  get enabled(): boolean {
    return this.bus?.shared === true;
  }

  /** This instance's id on the bus. */
  get instanceId(): string {
    return this.bus?.instanceId ?? '';
  }

  /** Calls `listener` each time the bus is back after losing Redis (see `MessageBus.onReconnected`). */
  onReconnected(listener: () => void): () => void {
    return this.bus?.shared ? this.bus.onReconnected(listener) : () => undefined;
  }

  /** Handles every message of `kind` from the other instances (one handler per kind). */
  on(kind: ClusterKind, handler: ClusterHandler): void {
    this.handlers.set(kind, handler);
  }

  async onModuleInit(): Promise<void> {
    const bus = this.bus;
    if (!bus?.shared) return;
    this.subscriptions = await Promise.all([
      // An instance hears its own broadcasts too: it acted on them already.
      bus.subscribe(CLUSTER_TOPIC, (message, origin) => origin !== bus.instanceId && this.route(message, origin)),
      bus.subscribe(instanceTopic(bus.instanceId), (message, origin) => this.route(message, origin)),
    ]);
  }

  async onApplicationShutdown(): Promise<void> {
    const held = [...this.sessions.values()].map((session) => session.subscription);
    this.sessions.clear();
    await Promise.all([...this.subscriptions.splice(0), ...(await Promise.all(held))].map((s) => s?.close()));
  }

  /** Sends to every other instance; a failure (Redis down) is logged, not thrown: receivers do without. */
  broadcast(kind: ClusterKind, ...fields: unknown[]): void {
    if (this.enabled) void this.publish(CLUSTER_TOPIC, [kind, ...fields]);
  }

  /** Sends to one instance; resolves with whether it listens still (false also when Redis is down). */
  async toInstance(instanceId: string, kind: ClusterKind, ...fields: unknown[]): Promise<boolean> {
    return (await this.publish(instanceTopic(instanceId), [kind, ...fields])) > 0;
  }

  /** Sends a session-level message to whichever instance holds the session's stream; false when none does. */
  async toSession(sessionId: string, message: unknown): Promise<boolean> {
    return (await this.publish(sessionTopic(sessionId), [CLUSTER_KIND.sessionMessage, message])) > 0;
  }

  /**
   * Subscribes this instance to the session's topic while it holds a stream of the session:
   * `deliver` gets what other instances send the session. Returns the (idempotent) release.
   */
  holdSession(sessionId: string, deliver: (message: unknown) => void): () => void {
    const bus = this.bus;
    if (!bus?.shared) return () => undefined;
    let held = this.sessions.get(sessionId);
    if (!held) {
      const subscription = bus
        .subscribe(sessionTopic(sessionId), ([kind, message]) => {
          if (kind === CLUSTER_KIND.sessionMessage) deliver(message);
        })
        .catch((error: Error) => this.failed(`subscribing session ${sessionId}`, error));
      held = { holders: 0, subscription };
      this.sessions.set(sessionId, held);
    }
    held.holders++;
    const mine = held;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      mine.holders--;
      if (mine.holders > 0 || this.sessions.get(sessionId) !== mine) return;
      this.sessions.delete(sessionId);
      void mine.subscription.then((subscription) => subscription?.close());
    };
  }

  /** Drops the session's topic whatever holds it (the session ended here; a transport may never detach its channel). */
  forgetSession(sessionId: string): void {
    const held = this.sessions.get(sessionId);
    if (!held) return;
    this.sessions.delete(sessionId);
    void held.subscription.then((subscription) => subscription?.close());
  }

  /** Session topics this instance holds now. */
  get heldSessions(): number {
    return this.sessions.size;
  }

  private async publish(topic: string, message: BusMessage): Promise<number> {
    if (!this.bus?.shared) return 0;
    try {
      return await this.bus.publish(topic, message);
    } catch (error) {
      this.failed(`a ${String(message[0])} message`, error as Error);
      return 0;
    }
  }

  private route(message: BusMessage, origin: string): void {
    const [kind, ...fields] = message;
    const handler = typeof kind === 'string' ? this.handlers.get(kind) : undefined;
    if (handler) handler(fields, origin);
  }

  private failed(what: string, error: Error): undefined {
    const now = Date.now();
    if (now - this.lastFailureLogAt >= FAILURE_LOG_EVERY_MS) {
      this.lastFailureLogAt = now;
      this.logger.warn(`Could not send ${what} to the other instances: ${error.message}`);
    }
    return undefined;
  }
}
