import { declarationsFor } from './__fixtures__/checker-operations.fixture';
import { typeBomb } from './__fixtures__/type-bomb.fixture';
import { TypeCheckWorkerClient } from './type-check.worker-client';

const HONEST = "const low = await myko.report('LowStock');\nreturn low.map((r) => r.sku);";
const BOMB = typeBomb("await myko.report('LowStock');");
const LIMIT_MS = 400;

/**
 * A check's limit is the CPU its worker spends on it: a worker that waits for a core (here: stopped outright,
 * the extreme of a loaded machine) is not out of time, while a type bomb that burns CPU still is. Red when the
 * limit is wall-clock time: the stopped worker's honest check times out.
 */
describe('the type check limit is CPU time', () => {
  const workers: TypeCheckWorkerClient[] = [];
  const start = async () => {
    const worker = new TypeCheckWorkerClient(256, () => undefined);
    workers.push(worker);
    await worker.ready;
    return worker;
  };
  afterAll(() => Promise.all(workers.map((worker) => worker.terminate())));

  it('does not time out a check whose worker waited for a core, past the limit in wall-clock time', async () => {
    const worker = await start();
    const pid = worker.pid as number;
    process.kill(pid, 'SIGSTOP');
    const answer = worker.check({ code: HONEST, declarations: declarationsFor(HONEST) }, LIMIT_MS);
    await new Promise((resolve) => setTimeout(resolve, LIMIT_MS * 2));
    process.kill(pid, 'SIGCONT');
    expect(await answer).toMatchObject({ verdict: expect.objectContaining({ diagnostics: [] }) });
  }, 60_000);

  it('times out a type bomb at its CPU limit', async () => {
    const worker = await start();
    const answer = await worker.check({ code: BOMB, declarations: declarationsFor(BOMB) }, LIMIT_MS);
    expect(answer).toEqual({ unjudged: 'timeout' });
  }, 60_000);

  it('stops a check at the wall-clock backstop even when it used no CPU', async () => {
    const worker = await start();
    process.kill(worker.pid as number, 'SIGSTOP');
    const answer = await worker.check({ code: HONEST, declarations: declarationsFor(HONEST) }, 100);
    expect(answer).toEqual({ unjudged: 'timeout' });
  }, 60_000);
});
