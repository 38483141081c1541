import type { Provider } from '@nestjs/common';
import { RedisStateClient } from '../redis/redis-state.client';
import { InMemoryMessageBus } from './in-memory.message-bus';
import { MessageBus } from './message-bus';
import { RedisMessageBus } from './redis.message-bus';

/** `MessageBus`: over Redis pub/sub when the state is in Redis (started before the application is), else in memory. */
export const BUS_PROVIDERS: Provider[] = [
  {
    provide: MessageBus,
    inject: [{ token: RedisStateClient, optional: true }],
    useFactory: (client?: RedisStateClient | null): Promise<MessageBus> | MessageBus =>
      client ? new RedisMessageBus(client).start() : new InMemoryMessageBus(),
  },
];
