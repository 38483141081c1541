import { TypeCheckWorkerClient } from '../type-check.worker-client';

// A server that dies abruptly: it warms two type-check worker processes, prints their ids (`PIDS [...]`), then
// kills itself with SIGKILL, closing nothing. (The workers, not the pool: the pool's imports need jest's paths.)
const workers = [0, 1].map(() => new TypeCheckWorkerClient(256, () => undefined));
void Promise.all(workers.map((worker) => worker.ready)).then(() => {
  const pids = workers.map((worker) => worker.pid);
  process.stdout.write(`PIDS ${JSON.stringify(pids)}\n`, () => process.kill(process.pid, 'SIGKILL'));
});
