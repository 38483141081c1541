import { TypeCheckWorkerClient } from '../type-check.worker-client';

// A server with two warm type-check worker processes: it prints their ids (`PIDS [...]`), then ends as argv[2]
// says. `kill`: dies by SIGKILL, closing nothing (the workers must end by themselves). `close`: terminates them,
// prints `CLOSED` once that settled, and lets Node exit by itself. (The workers, not the pool: the pool's imports
// need jest's paths.)
const workers = [0, 1].map(() => new TypeCheckWorkerClient(256, () => undefined));
const print = (line: string, then?: () => void) => process.stdout.write(`${line}\n`, then);

void Promise.all(workers.map((worker) => worker.ready)).then(async () => {
  const pids = workers.map((worker) => worker.pid);
  if (process.argv[2] === 'kill')
    return print(`PIDS ${JSON.stringify(pids)}`, () => process.kill(process.pid, 'SIGKILL'));
  print(`PIDS ${JSON.stringify(pids)}`);
  await Promise.all(workers.map((worker) => worker.terminate()));
  print('CLOSED');
});
