import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RedisServer, startRedisServer } from './redis-server';
import { releaseAll } from './releases';
import { type RoundRobinProxy, startRoundRobinProxy } from './round-robin.proxy';
import { killServeProcess, type ServeProcess, startServeProcess } from './serve-process';

/**
 * What an operator runs to scale out: one `redis-server`, N `myko-nest serve --redis <url>` processes on one
 * SQLite file, and a per-request round-robin balancer in front. Real processes throughout.
 */
export interface ScaleOutCluster {
  redis: RedisServer;
  /** The instances, in the proxy's upstream order (`proxy.log[i].upstream` indexes this). */
  instances: ServeProcess[];
  proxy: RoundRobinProxy;
  /** The SQLite file every instance opens. */
  databasePath: string;
  /** `kill -9` of one instance (its whole process group: launcher, server, sandbox processes). */
  killInstance(index: number): Promise<void>;
  /** Everything the instances wrote, for a failing test's message. */
  output(): string;
  close(): Promise<void>;
}

export interface ScaleOutClusterOptions {
  /** @default 2 */
  instances?: number;
  /** Extra `serve` arguments for every instance (e.g. `['--plugin-set', 'conformance']`). */
  args?: string[];
}

/** Starts Redis, then the instances at once (on a fresh database file), then the proxy. */
export async function startScaleOutCluster(options: ScaleOutClusterOptions = {}): Promise<ScaleOutCluster> {
  const dir = mkdtempSync(join(tmpdir(), 'myko-scale-out-'));
  const databasePath = join(dir, 'myko.db');
  const redis = await startRedisServer();
  const count = options.instances ?? 2;
  const args = ['--db', databasePath, '--redis', redis.url, ...(options.args ?? [])];
  const started = await Promise.allSettled(Array.from({ length: count }, () => startServeProcess(args)));
  const instances = started.flatMap((result) => (result.status === 'fulfilled' ? [result.value] : []));
  const stopAll = () =>
    releaseAll(
      () => {
        for (const instance of instances) killServeProcess(instance);
        return Promise.all(instances.map((instance) => instance.exited));
      },
      () => redis.stop(),
      () => rmSync(dir, { recursive: true, force: true }),
    );
  const failed = started.find((result) => result.status === 'rejected');
  if (failed) {
    await stopAll();
    throw (failed as PromiseRejectedResult).reason;
  }
  const proxy = await startRoundRobinProxy(instances.map((instance) => instance.origin)).catch(
    async (error: unknown) => {
      await stopAll();
      throw error;
    },
  );
  return {
    redis,
    instances,
    proxy,
    databasePath,
    async killInstance(index) {
      killServeProcess(instances[index]);
      await instances[index].exited;
    },
    output: () => instances.map((instance, i) => `--- instance ${i}\n${instance.output()}`).join('\n'),
    close: () =>
      releaseAll(
        () => proxy.close(),
        () => stopAll(),
      ),
  };
}
