import { Logger, type OnApplicationShutdown } from '@nestjs/common';
import type Redis from 'ioredis';
import { StateUnavailableError } from '../errors/state-unavailable.error';
import type { RedisStateClient } from '../redis/redis-state.client';
import { BUS_CHANNEL_PREFIX, BUS_MAX_PENDING_PUBLISHES, INSTANCE_ID_LENGTH } from './bus.constants';
import { newInstanceId } from './instance-id';
import { type BusHandler, type BusMessage, type BusSubscription, MessageBus } from './message-bus';

/** Options of {@link RedisMessageBus}. */
export interface RedisMessageBusOptions {
  /** Publishes awaiting Redis at most; past it a publish fails at once. @default 10000 */
  readonly maxPendingPublishes?: number;
}

/**
 * The bus over Redis pub/sub. Publishes go over the shared connection (one `PUBLISH`, counted as a
 * round trip); a subscriber connection of its own (a connection that subscribes can send nothing
 * else) receives. A message on the wire is `<instance id><JSON array>`. Redis gone: publishes fail
 * at once, and when it is back the subscriber resubscribes every topic this instance holds (what
 * was published meanwhile is lost: pub/sub keeps nothing).
 * @publicApi
 */
export class RedisMessageBus extends MessageBus implements OnApplicationShutdown {
  readonly instanceId = newInstanceId();
  readonly shared = true;
  private readonly logger = new Logger('MessageBus');
  private readonly subscriber: Redis;
  private readonly prefix: string;
  private readonly handlers = new Map<string, Set<BusHandler>>();
  private readonly maxPending: number;
  private pending = 0;
  private closed = false;
  private connectedOnce = false;
  private reconnectListeners: ReadonlyArray<() => void> = [];

  constructor(
    private readonly client: RedisStateClient,
    options: RedisMessageBusOptions = {},
  ) {
    super();
    const redis = client.redis;
    this.prefix = `${redis.options.keyPrefix ?? ''}${BUS_CHANNEL_PREFIX}`;
    this.maxPending = options.maxPendingPublishes ?? BUS_MAX_PENDING_PUBLISHES;
    // Resubscribed by us on `ready`, from `handlers`: a SUBSCRIBE refused while Redis was down is kept too.
    this.subscriber = redis.duplicate({ lazyConnect: true, autoResubscribe: false, keyPrefix: undefined });
    this.subscriber.on('error', () => undefined);
    this.subscriber.on('message', (channel: string, payload: string) => this.deliver(channel, payload));
    this.subscriber.on('ready', () => void this.whenReady());
  }

  /** Connects the subscriber; the application does not start before it answers. */
  async start(): Promise<this> {
    await this.subscriber.connect();
    return this;
  }

  async publish(topic: string, message: BusMessage): Promise<number> {
    if (this.pending >= this.maxPending) {
      throw new StateUnavailableError('bus publish', new Error(`${this.pending} messages await Redis already`));
    }
    const payload = this.instanceId + JSON.stringify(message);
    this.pending++;
    try {
      return await this.client.run('bus publish', (redis) => redis.publish(this.prefix + topic, payload));
    } finally {
      this.pending--;
    }
  }

  async subscribe(topic: string, handler: BusHandler): Promise<BusSubscription> {
    const channel = this.prefix + topic;
    const own: BusHandler = (message, origin) => handler(message, origin);
    let set = this.handlers.get(channel);
    const first = !set;
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    set.add(own);
    if (first) await this.subscribeChannel(channel);
    let closed = false;
    return {
      close: async () => {
        if (closed) return;
        closed = true;
        const current = this.handlers.get(channel);
        current?.delete(own);
        if (current?.size !== 0) return;
        this.handlers.delete(channel);
        await this.subscriber.unsubscribe(channel).catch(() => undefined);
      },
    };
  }

  override onReconnected(listener: () => void): () => void {
    this.reconnectListeners = [...this.reconnectListeners, listener];
    return () => {
      this.reconnectListeners = this.reconnectListeners.filter((l) => l !== listener);
    };
  }

  async isAlive(instanceId: string): Promise<boolean> {
    const reply = (await this.client.run('bus presence', (redis) =>
      redis.pubsub('NUMSUB', `${this.prefix}i:${instanceId}`),
    )) as unknown[];
    return Number(reply[1]) > 0;
  }

  async listened(topics: readonly string[]): Promise<boolean[]> {
    if (topics.length === 0) return [];
    const reply = (await this.client.run('bus presence', (redis) =>
      redis.pubsub('NUMSUB', ...topics.map((topic) => `${this.prefix}${topic}`)),
    )) as unknown[];
    // The reply pairs each channel with its count: [channel, count, channel, count, …].
    return topics.map((_, i) => Number(reply[2 * i + 1]) > 0);
  }

  /** Topics subscribed now (channels on this instance's subscriber connection). */
  get topicCount(): number {
    return this.handlers.size;
  }

  async onApplicationShutdown(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.handlers.clear();
    if (this.subscriber.status === 'ready') await this.subscriber.quit().catch(() => this.subscriber.disconnect());
    else this.subscriber.disconnect();
  }

  /** A refused SUBSCRIBE (Redis down) is not an error here: the topic stays held and is resubscribed on `ready`. */
  private async subscribeChannel(channel: string): Promise<void> {
    if (this.subscriber.status !== 'ready') return;
    await this.subscriber.subscribe(channel).catch((error: Error) => {
      this.logger.debug(`SUBSCRIBE ${channel} deferred until Redis is back: ${error.message}`);
    });
  }

  private async whenReady(): Promise<void> {
    await this.resubscribe();
    if (!this.connectedOnce) {
      this.connectedOnce = true;
      return;
    }
    // The two connections come back independently: listeners publish, which needs the shared one.
    if (!this.client.isUp) await new Promise((resolve) => this.client.redis.once('ready', resolve));
    if (this.closed) return;
    for (const listener of this.reconnectListeners) {
      try {
        listener();
      } catch (error) {
        this.logger.error(`A bus reconnect listener failed: ${(error as Error)?.stack ?? error}`);
      }
    }
  }

  private async resubscribe(): Promise<void> {
    const channels = [...this.handlers.keys()];
    if (channels.length === 0) return;
    await this.subscriber.subscribe(...channels).catch((error: Error) => {
      this.logger.warn(`Resubscribing ${channels.length} bus topics failed: ${error.message}`);
    });
  }

  private deliver(channel: string, payload: string): void {
    const handlers = this.handlers.get(channel);
    if (!handlers) return;
    let message: unknown;
    try {
      message = JSON.parse(payload.slice(INSTANCE_ID_LENGTH));
    } catch {
      message = undefined;
    }
    if (!Array.isArray(message)) {
      this.logger.warn(`Dropped a malformed message on ${channel}`);
      return;
    }
    const origin = payload.slice(0, INSTANCE_ID_LENGTH);
    for (const handler of handlers) {
      try {
        handler(message, origin);
      } catch (error) {
        this.logger.error(`Bus handler on ${channel} failed: ${(error as Error)?.stack ?? error}`);
      }
    }
  }
}
