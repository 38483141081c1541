/**
 * One message on the bus: a small JSON array, its first element saying what it is (`['c', sessionId, id]`).
 * Arrays, not objects: the bus carries no key names, so a message costs little to encode and to send.
 */
export type BusMessage = readonly unknown[];

/** Told each message published on a topic this instance subscribed to, with the id of the instance that sent it. */
export type BusHandler = (message: BusMessage, origin: string) => void;

/** A subscription of this instance to one topic; `close` ends it (idempotent). */
export interface BusSubscription {
  close(): Promise<void>;
}

/**
 * The message bus between instances: everything addressed to a session or request that another
 * instance holds (a notification for its GET stream, the client's answer to our request, a
 * cancellation, resource and entity-write events). Delivery is at most once and unordered across
 * publishers: a message published while nobody listens, or while Redis is down, is lost — callers
 * only send what a receiver can do without (the awaiting side of a request has its own timeout).
 * In memory (one instance) it is not `shared`, and dispatch does not use it at all.
 * @publicApi
 */
export abstract class MessageBus {
  /** This instance's id, unique among the instances sharing the bus (`[a-z0-9]`, 10 characters). */
  abstract readonly instanceId: string;

  /** Whether other instances hear this bus; false for the in-memory default. */
  abstract readonly shared: boolean;

  /**
   * Sends `message` to every subscriber of `topic` on any instance (this one included).
   * @returns how many instances subscribed to `topic` received it (0: nobody holds it any more)
   * @throws StateUnavailableError while Redis is down or the bus is overloaded
   */
  abstract publish(topic: string, message: BusMessage): Promise<number>;

  /** Subscribes this instance to `topic`; resolves once messages on it are delivered. */
  abstract subscribe(topic: string, handler: BusHandler): Promise<BusSubscription>;

  /** Whether the instance with this id still listens on the bus (a crashed one no longer does). */
  abstract isAlive(instanceId: string): Promise<boolean>;

  /** Of each topic, whether some instance subscribes to it now; one round trip for all. */
  abstract listened(topics: readonly string[]): Promise<boolean[]>;

  /**
   * Calls `listener` each time the bus is back after losing Redis, once its topics are subscribed
   * again: what was published meanwhile is lost, so a sender can say again what receivers must know.
   * Returns the function that removes it. Never called on the in-memory bus (it is never lost).
   */
  onReconnected(_listener: () => void): () => void {
    return () => undefined;
  }
}
