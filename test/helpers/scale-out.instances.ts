import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type RedisServer, startRedisServer } from './redis-server';
import { releaseAll } from './releases';
import { killServeProcess, type ServeProcess, startServeProcess } from './serve-process';

/** Two `myko-nest serve --redis <url>` processes on one SQLite file in a fresh directory, no balancer in front. */
export interface ScaleOutInstances {
  readonly redis: RedisServer;
  /** In start order: a test picks the one it calls (`const [a, b] = cluster.instances`). */
  readonly instances: readonly ServeProcess[];
  readonly databasePath: string;
}

export interface ScaleOutInstancesOptions {
  /** Start of the directory's name (`myko-executions-redis-`). */
  readonly prefix: string;
  /** The environment of every instance (`MYKO_ADMIN_KEY`). */
  readonly env?: Record<string, string>;
}

const INSTANCES = 2;

/**
 * Redis and the instances for the tests of a file: started before them, each instance killed (a test may
 * have killed one already), Redis stopped and the directory removed after them. Its fields throw until
 * `beforeAll` has run. (`startScaleOutCluster` starts them at once behind a balancer.)
 */
export function useScaleOutInstances(options: ScaleOutInstancesOptions): ScaleOutInstances {
  let dir: string | undefined;
  let redis: RedisServer | undefined;
  const instances: ServeProcess[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), options.prefix));
    redis = await startRedisServer();
    const args = ['--db', join(dir, 'myko.db'), '--redis', redis.url];
    // One at a time: each migrates the same fresh SQLite file.
    for (let i = 0; i < INSTANCES; i++) instances.push(await startServeProcess(args, options.env ?? {}));
  });
  afterAll(() =>
    releaseAll(
      ...instances.map((instance) => async () => {
        killServeProcess(instance);
        await instance.exited;
      }),
      () => redis?.stop(),
      () => dir && rmSync(dir, { recursive: true, force: true }),
    ),
  );
  const started = () => {
    if (!dir || !redis || instances.length < INSTANCES) {
      throw new Error('the instances are not started yet (use them inside a test or hook)');
    }
    return { dir, redis };
  };
  return {
    get redis() {
      return started().redis;
    },
    get instances() {
      started();
      return instances;
    },
    get databasePath() {
      return join(started().dir, 'myko.db');
    },
  };
}
