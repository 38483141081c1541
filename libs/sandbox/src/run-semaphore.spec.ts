import { SandboxCancelledError } from './errors/sandbox-cancelled.error';
import { SandboxQueueFullError } from './errors/sandbox-queue-full.error';
import { SandboxQueueTimeoutError } from './errors/sandbox-queue-timeout.error';
import { RunSemaphore } from './run-semaphore';

describe('RunSemaphore', () => {
  it('grants up to maxConcurrent slots, queues FIFO, and hands a released slot to the next waiter', async () => {
    const semaphore = new RunSemaphore(2, 5);
    const first = await semaphore.acquire();
    await semaphore.acquire();
    const order: number[] = [];
    const third = semaphore.acquire().then((release) => {
      order.push(3);
      return release;
    });
    const fourth = semaphore.acquire().then((release) => {
      order.push(4);
      return release;
    });
    expect(semaphore.stats).toEqual({ running: 2, queued: 2 });
    first();
    first();
    await third;
    expect(order).toEqual([3]);
    expect(semaphore.stats).toEqual({ running: 2, queued: 1 });
    (await third)();
    (await fourth)();
    expect(order).toEqual([3, 4]);
    expect(semaphore.stats).toEqual({ running: 1, queued: 0 });
  });

  it('gives a heavy client alone every slot (work-conserving), and a freed slot to a normal waiter first', async () => {
    const semaphore = new RunSemaphore(3, 10);
    const heavy = await Promise.all([1, 2, 3].map(() => semaphore.acquire(undefined, undefined, true)));
    expect(semaphore.stats).toEqual({ running: 3, queued: 0 });
    const order: string[] = [];
    const take = (name: string, lowPriority: boolean) =>
      semaphore.acquire(undefined, undefined, lowPriority).then((release) => {
        order.push(name);
        return release;
      });
    const heavyWaiter = take('heavy', true);
    const normalWaiter = take('normal', false);
    heavy[0]();
    await normalWaiter;
    expect(order).toEqual(['normal']);
    heavy[1]();
    await heavyWaiter;
    expect(order).toEqual(['normal', 'heavy']);
    expect(semaphore.stats).toEqual({ running: 3, queued: 0 });
  });

  it('refuses at once when the queue is full', async () => {
    const semaphore = new RunSemaphore(1, 1);
    await semaphore.acquire();
    const queued = semaphore.acquire();
    await expect(semaphore.acquire()).rejects.toBeInstanceOf(SandboxQueueFullError);
    expect(semaphore.stats).toEqual({ running: 1, queued: 1 });
    semaphore.refuseQueued(new SandboxCancelledError(false));
    await expect(queued).rejects.toBeInstanceOf(SandboxCancelledError);
  });

  it('gives up a waiter after its longest wait, and lets the one behind it take the slot', async () => {
    const semaphore = new RunSemaphore(1, 2);
    const release = await semaphore.acquire();
    const started = performance.now();
    const impatient = semaphore.acquire(undefined, 50);
    const patient = semaphore.acquire(undefined, 10_000);
    await expect(impatient).rejects.toBeInstanceOf(SandboxQueueTimeoutError);
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
    expect(semaphore.stats).toEqual({ running: 1, queued: 1 });
    release();
    const next = await patient;
    expect(semaphore.stats).toEqual({ running: 1, queued: 0 });
    next();
  });

  it('drops an aborted waiter from the queue and refuses an already-aborted signal', async () => {
    const semaphore = new RunSemaphore(1, 3);
    const release = await semaphore.acquire();
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    const next = semaphore.acquire();
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(SandboxCancelledError);
    expect(semaphore.stats).toEqual({ running: 1, queued: 1 });
    release();
    await expect(next).resolves.toBeInstanceOf(Function);
    await expect(semaphore.acquire(AbortSignal.abort())).rejects.toBeInstanceOf(SandboxCancelledError);
  });
});
