import { Command, Query } from '@myko/registry';
import { StateModule } from '@myko/state';
import { Injectable } from '@nestjs/common';
import { type RedisServer, startRedisServer } from '../../../../test/helpers/redis-server';
import { releaseAll } from '../../../../test/helpers/releases';
import type { ClientContext } from '../interfaces/client-context.interface';
import type { DispatchModuleOptions } from '../interfaces/dispatch-options.interface';
import { DispatchHarness, type Json } from './dispatch.harness';
import { SpecPrimitives } from './mcp-primitives.fixture';

/** The data every instance serves, as one database would be (the counter and the label are two entities). */
const shared = { counter: 0, label: 'a' };

@Injectable()
export class SharedCounter {
  @Query({ description: 'The counter', output: Number, reads: ['Counter'] })
  CounterValue(): number {
    return shared.counter;
  }

  @Command({ description: 'Adds one to the counter', output: Number, writes: ['Counter'] })
  Bump(): number {
    return ++shared.counter;
  }

  @Command({ description: 'Changes the label', output: String, writes: ['Label'] })
  Relabel(): string {
    shared.label += 'a';
    return shared.label;
  }
}

export const LIVE_COUNTER = 'myko://live/query/CounterValue';

/** One instance's view of a session: the client context it is handed, and what it sent that client. */
export interface ClusterSide {
  harness: DispatchHarness;
  client: ClientContext;
  sent: Json[];
}

export async function until(check: () => boolean, what: string, ms = 3_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let session = 0;

/**
 * Dispatches in one process, each with its own Redis connections and bus (`StateModule` on Redis), on
 * one real redis-server, serving `SpecPrimitives` and `SharedCounter`.
 */
export class DispatchCluster {
  private readonly started: DispatchHarness[] = [];

  private constructor(readonly redis: RedisServer) {}

  static async start(): Promise<DispatchCluster> {
    return new DispatchCluster(await startRedisServer());
  }

  /** One more instance; `options` are added to the fixture's (e.g. `cluster` timings). */
  async instance(options: DispatchModuleOptions = {}): Promise<DispatchHarness> {
    const harness = await DispatchHarness.create(
      { clientRequestTimeoutMs: 1_500, live: { coalesceMs: 100 }, ...options },
      [SpecPrimitives, SharedCounter],
      [StateModule.forRoot({ redis: { url: this.redis.url } })],
    );
    this.started.push(harness);
    return harness;
  }

  /** One session as each instance sees it: the same id, each with a request stream of its own. */
  sessionOn(...harnesses: DispatchHarness[]): ClusterSide[] {
    const sessionId = `cluster-session-${++session}`;
    return harnesses.map((harness) => {
      const sent: Json[] = [];
      return { harness, client: { ...harness.client(undefined, sent), sessionId }, sent };
    });
  }

  /** Closes every instance, then stops Redis, each even when an earlier close rejects. */
  close(): Promise<void> {
    return releaseAll(...this.started.splice(0).map((harness) => () => harness.close()), () => this.redis.stop());
  }
}

export function callTool(side: ClusterSide, name: string, id: string | number) {
  return side.harness.dispatch.handle(
    { jsonrpc: '2.0', id, method: 'tools/call', params: { name, arguments: {} } },
    side.client,
  );
}

export async function execute(side: ClusterSide, code: string): Promise<void> {
  const result = await side.harness.callTool('execute', { code }, side.client);
  if (result.isError) throw new Error(`execute failed: ${JSON.stringify(result.content)}`);
}
