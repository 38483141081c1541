import {
  type DynamicModule,
  type FactoryProvider,
  Global,
  Inject,
  Module,
  type ModuleMetadata,
  type OnApplicationShutdown,
  Optional,
  type Provider,
} from '@nestjs/common';
import type Redis from 'ioredis';
import { BUS_PROVIDERS } from './bus/bus.providers';
import { MessageBus } from './bus/message-bus';
import { RedisAbuseBackoff } from './counters/abuse-backoff.store';
import { RedisRateLimiter } from './counters/rate-limit.store';
import { MemoryExecutionStore } from './executions/memory-execution.store';
import { RedisExecutionStore } from './executions/redis-execution.store';
import type { StateModuleOptions } from './interfaces/state-options.interface';
import { MemoryUseOnceLedger } from './once/memory-use-once.ledger';
import { RedisUseOnceLedger } from './once/redis-use-once.ledger';
import { connectRedis } from './redis/redis-connection.factory';
import { RedisStateClient } from './redis/redis-state.client';
import { RedisSharedSecrets } from './secrets/shared-secret.store';
import { MemorySessionRecordStore } from './sessions/memory-session-record.store';
import { RedisSessionRecordStore } from './sessions/redis-session-record.store';
import {
  EXECUTION_STORE,
  REDIS_CONNECTION,
  SESSION_RECORD_STORE,
  SHARED_ABUSE_BACKOFF,
  SHARED_RATE_LIMITER,
  SHARED_SECRETS,
  STATE_OPTIONS,
  USED_REQUEST_STATES,
} from './state.constants';
import { StateHealth } from './state-health.service';

/** Closes the Redis connection last, once the gateways have drained and ended their sessions. */
class RedisConnectionCloser implements OnApplicationShutdown {
  constructor(@Optional() @Inject(REDIS_CONNECTION) private readonly redis?: Redis | null) {}

  async onApplicationShutdown(): Promise<void> {
    if (this.redis?.status === 'ready') await this.redis.quit().catch(() => this.redis?.disconnect());
    // Not again once ended (a connection closed already): ioredis would hold the process 2 s for nothing.
    else if (this.redis && this.redis.status !== 'end') this.redis.disconnect();
  }
}

/** `StateModule.forRootAsync()`: the options computed at start-up (a Redis URL from a secrets store). */
export interface StateModuleAsyncOptions extends Pick<ModuleMetadata, 'imports'> {
  /** Providers handed to `useFactory`, in order. */
  inject?: FactoryProvider['inject'];
  useFactory: (...args: never[]) => StateModuleOptions | Promise<StateModuleOptions>;
}

/**
 * Where cross-request state lives: in this process (no `redis`, the embedded default) or in Redis,
 * shared by every instance. Global: dispatch and the gateways inject the connection, the stores and
 * {@link StateHealth}. With `redis`, the application does not start until Redis answers.
 * @publicApi
 */
@Global()
@Module({})
export class StateModule {
  /**
   * @example
   * ```ts
   * StateModule.forRoot({ redis: { url: 'redis://127.0.0.1:6379' } })
   * ```
   */
  static forRoot(options: StateModuleOptions = {}): DynamicModule {
    return StateModule.define({ provide: STATE_OPTIONS, useValue: options });
  }

  /** Options known only at start-up, e.g. from `ConfigService` (`useFactory` + `inject`). */
  static forRootAsync(options: StateModuleAsyncOptions): DynamicModule {
    const { imports = [], inject = [], useFactory } = options;
    return { ...StateModule.define({ provide: STATE_OPTIONS, inject, useFactory }), imports };
  }

  private static define(optionsProvider: Provider): DynamicModule {
    return {
      module: StateModule,
      providers: [
        optionsProvider,
        {
          provide: REDIS_CONNECTION,
          inject: [STATE_OPTIONS],
          useFactory: ({ redis }: StateModuleOptions) => (redis ? connectRedis(redis) : null),
        },
        {
          provide: RedisStateClient,
          inject: [REDIS_CONNECTION, STATE_OPTIONS],
          useFactory: (connection: Redis | null, { redis }: StateModuleOptions) =>
            connection && redis ? new RedisStateClient(connection, redis.url) : null,
        },
        {
          provide: SESSION_RECORD_STORE,
          inject: [RedisStateClient],
          useFactory: (client: RedisStateClient | null) =>
            client ? new RedisSessionRecordStore(client) : new MemorySessionRecordStore(),
        },
        {
          provide: SHARED_ABUSE_BACKOFF,
          inject: [RedisStateClient],
          useFactory: (client: RedisStateClient | null) => (client ? new RedisAbuseBackoff(client) : null),
        },
        {
          provide: SHARED_RATE_LIMITER,
          inject: [RedisStateClient],
          useFactory: (client: RedisStateClient | null) => (client ? new RedisRateLimiter(client) : null),
        },
        {
          provide: SHARED_SECRETS,
          inject: [RedisStateClient],
          useFactory: (client: RedisStateClient | null) => (client ? new RedisSharedSecrets(client) : null),
        },
        {
          provide: USED_REQUEST_STATES,
          inject: [RedisStateClient],
          useFactory: (client: RedisStateClient | null) =>
            client ? new RedisUseOnceLedger(client, 'request-state') : new MemoryUseOnceLedger(),
        },
        {
          provide: EXECUTION_STORE,
          inject: [RedisStateClient],
          useFactory: (client: RedisStateClient | null) =>
            client ? new RedisExecutionStore(client) : new MemoryExecutionStore(),
        },
        ...BUS_PROVIDERS,
        StateHealth,
        RedisConnectionCloser,
      ],
      exports: [
        STATE_OPTIONS,
        REDIS_CONNECTION,
        RedisStateClient,
        SESSION_RECORD_STORE,
        SHARED_RATE_LIMITER,
        SHARED_ABUSE_BACKOFF,
        SHARED_SECRETS,
        USED_REQUEST_STATES,
        EXECUTION_STORE,
        MessageBus,
        StateHealth,
      ],
    };
  }
}
