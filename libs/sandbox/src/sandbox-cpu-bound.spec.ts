import { SandboxService } from './sandbox.service';

const bridge = { call: async () => 'null' };

describe.each(['in-process', 'process'] as const)('a CPU-bound run (%s)', (isolation) => {
  let sandbox: SandboxService;

  beforeAll(async () => {
    sandbox = new SandboxService({ isolation, maxConcurrent: 1, maxQueue: 4, cpuTimeMs: 4_000 });
    await sandbox.onModuleInit();
  });

  afterAll(async () => {
    await sandbox.onApplicationShutdown();
  });

  it('gives its slot to the run waiting behind it once it has used half a second of CPU', async () => {
    const started = performance.now();
    const spinning = sandbox.run({ code: 'while (true) {}', bridge });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const waiting = await sandbox.run({ code: 'return 42;', bridge });
    const waitedMs = performance.now() - started;
    expect(waiting).toMatchObject({ ok: true, resultJson: '42' });
    expect(waitedMs).toBeLessThan(3_000);
    expect(sandbox.status()).toMatchObject({ running: 1, queued: 0 });
    await expect(spinning).resolves.toMatchObject({ ok: false, error: { kind: 'cpu' } });
  });
});
