import type Redis from 'ioredis';
import { ReplyError } from 'ioredis';
import { StateUnavailableError } from '../errors/state-unavailable.error';
import { redactRedisUrl } from './redis-url';

/**
 * The stores' access to Redis: every call is one round trip (one command, one script or one
 * pipeline), counted for the bench, and a connection failure becomes {@link StateUnavailableError}.
 * A Redis error reply (a bug: wrong type, bad script) is rethrown as it is.
 * @publicApi
 */
export class RedisStateClient {
  private trips = 0;
  private sent = 0;
  readonly url: string;

  constructor(
    readonly redis: Redis,
    url: string,
  ) {
    this.url = redactRedisUrl(url);
    // Every command written to the connection, the stores' and the bus's alike (a pipeline counts each).
    const send = redis.sendCommand.bind(redis);
    redis.sendCommand = (...args: Parameters<Redis['sendCommand']>) => {
      this.sent++;
      return send(...args);
    };
  }

  /** Round trips the stores made since start (or since `resetRoundTrips`): a script, a command or a pipeline each. */
  get roundTrips(): number {
    return this.trips;
  }

  /** Commands sent on the connection since start (or since `resetRoundTrips`), by the stores and the bus. */
  get commands(): number {
    return this.sent;
  }

  resetRoundTrips(): void {
    this.trips = 0;
    this.sent = 0;
  }

  /** True while connected and ready. */
  get isUp(): boolean {
    return this.redis.status === 'ready';
  }

  /** Runs one round trip; `operation` names it in the error (`session load`). */
  async run<T>(operation: string, trip: (redis: Redis) => Promise<T>): Promise<T> {
    this.trips++;
    try {
      return await trip(this.redis);
    } catch (error) {
      if (error instanceof ReplyError) throw error;
      throw new StateUnavailableError(operation, error);
    }
  }

  /** Runs a pipeline as one round trip; the first failed command's error is thrown. */
  async pipeline(operation: string, build: (pipeline: ReturnType<Redis['pipeline']>) => void): Promise<unknown[]> {
    return this.run(operation, async (redis) => {
      const pipeline = redis.pipeline();
      build(pipeline);
      const replies = (await pipeline.exec()) ?? [];
      const failed = replies.find(([error]) => error);
      if (failed?.[0]) throw failed[0];
      return replies.map(([, value]) => value);
    });
  }
}
