import { Inject, Injectable, Optional } from '@nestjs/common';
import type { StateHealthReport } from './interfaces/state-options.interface';
import { RedisStateClient } from './redis/redis-state.client';

/** `/health/ready` asks it: in memory always up; on Redis, up while the connection is ready. */
@Injectable()
export class StateHealth {
  constructor(@Optional() @Inject(RedisStateClient) private readonly client?: RedisStateClient | null) {}

  report(): StateHealthReport {
    if (!this.client) return { backend: 'memory', up: true };
    const { isUp: up, url, roundTrips, commands } = this.client;
    return { backend: 'redis', up, url, status: this.client.redis.status, roundTrips, commands };
  }
}
