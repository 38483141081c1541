import { Logger } from '@nestjs/common';
import { newInstanceId } from './instance-id';
import type { BusHandler, BusMessage, BusSubscription } from './message-bus';
import { MessageBus } from './message-bus';

/**
 * Where in-memory buses meet: the buses built on one hub hear each other, as instances sharing one
 * Redis do (several dispatches in one process, in tests). A bus built without one is alone.
 */
export class InMemoryBusHub {
  private readonly logger = new Logger('MessageBus');
  private readonly topics = new Map<string, Map<BusHandler, string>>();
  private readonly instances = new Set<string>();

  join(instanceId: string): void {
    this.instances.add(instanceId);
  }

  leave(instanceId: string): void {
    this.instances.delete(instanceId);
    for (const [topic, handlers] of this.topics) {
      for (const [handler, owner] of handlers) if (owner === instanceId) handlers.delete(handler);
      if (handlers.size === 0) this.topics.delete(topic);
    }
  }

  has(instanceId: string): boolean {
    return this.instances.has(instanceId);
  }

  /** Delivers on a later microtask, as a network would: a publisher never runs its subscribers inside its own call. */
  publish(topic: string, message: BusMessage, origin: string): number {
    const handlers = this.topics.get(topic);
    if (!handlers) return 0;
    const targets = [...handlers.keys()];
    queueMicrotask(() => {
      for (const handler of targets) {
        try {
          handler(message, origin);
        } catch (error) {
          this.logger.error(`Bus handler on ${topic} failed: ${(error as Error)?.stack ?? error}`);
        }
      }
    });
    return new Set(handlers.values()).size;
  }

  /** How many instances subscribe to `topic`. */
  listeners(topic: string): number {
    const handlers = this.topics.get(topic);
    return handlers ? new Set(handlers.values()).size : 0;
  }

  add(topic: string, handler: BusHandler, instanceId: string): void {
    let handlers = this.topics.get(topic);
    if (!handlers) {
      handlers = new Map();
      this.topics.set(topic, handlers);
    }
    handlers.set(handler, instanceId);
  }

  remove(topic: string, handler: BusHandler): void {
    const handlers = this.topics.get(topic);
    handlers?.delete(handler);
    if (handlers?.size === 0) this.topics.delete(topic);
  }
}

/**
 * The embedded default: one instance, no Redis. Not `shared` unless built on a hub shared with other
 * buses, so that a single instance never pays for the bus.
 * @publicApi
 */
export class InMemoryMessageBus extends MessageBus {
  readonly instanceId = newInstanceId();
  readonly shared: boolean;
  private readonly hub: InMemoryBusHub;

  constructor(hub?: InMemoryBusHub) {
    super();
    this.shared = hub !== undefined;
    this.hub = hub ?? new InMemoryBusHub();
    this.hub.join(this.instanceId);
  }

  async publish(topic: string, message: BusMessage): Promise<number> {
    return this.hub.publish(topic, message, this.instanceId);
  }

  async subscribe(topic: string, handler: BusHandler): Promise<BusSubscription> {
    // One wrapper per subscription: the same handler subscribed twice is two subscriptions.
    const own: BusHandler = (message, origin) => handler(message, origin);
    this.hub.add(topic, own, this.instanceId);
    return { close: async () => this.hub.remove(topic, own) };
  }

  async isAlive(instanceId: string): Promise<boolean> {
    return this.hub.has(instanceId);
  }

  async listened(topics: readonly string[]): Promise<boolean[]> {
    return topics.map((topic) => this.hub.listeners(topic) > 0);
  }

  /** This instance stops hearing and being heard (as a crashed instance would). */
  close(): void {
    this.hub.leave(this.instanceId);
  }
}
