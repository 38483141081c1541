import { Test, type TestingModule } from '@nestjs/testing';
import { InMemoryBridge } from '../../../test/fixtures/sandbox/in-memory.bridge';
import { useReleases } from '../../../test/helpers/releases';
import { NodeSnapshotFlagError } from './errors/node-snapshot-flag.error';
import { SandboxConfigError } from './errors/sandbox-config.error';
import { DEFAULT_SANDBOX_OPTIONS } from './sandbox.constants';
import { SandboxModule } from './sandbox.module';
import { SandboxService } from './sandbox.service';

describe('SandboxModule', () => {
  // A module's sandbox processes are shut down after its test, passed or failed.
  const opened = useReleases();
  const close = (moduleRef: TestingModule) => moduleRef.close();

  it('forRoot() provides a working SandboxService with the defaults, its sandbox process started at init', async () => {
    const moduleRef = opened(await Test.createTestingModule({ imports: [SandboxModule.forRoot()] }).compile(), close);
    await moduleRef.init();
    const sandbox = moduleRef.get(SandboxService);
    expect(sandbox.options).toEqual(DEFAULT_SANDBOX_OPTIONS);
    expect(sandbox.status()).toMatchObject({ isolation: 'process', processes: [{ running: 0 }, { running: 0 }] });
    const bridge = new InMemoryBridge({ report_Sum: (args) => (args as { n: number[] }).n.reduce((a, b) => a + b) });
    expect(await sandbox.run({ code: "return myko.report('Sum', { n: [1, 2, 3] })", bridge })).toMatchObject({
      ok: true,
      resultJson: '6',
    });
    await moduleRef.close();
    expect(sandbox.status().processes).toEqual([]);
  });

  it('forRoot(options) overrides the given limits', async () => {
    const moduleRef = opened(
      await Test.createTestingModule({ imports: [SandboxModule.forRoot({ maxCalls: 5 })] }).compile(),
      close,
    );
    expect(moduleRef.get(SandboxService).options).toEqual({ ...DEFAULT_SANDBOX_OPTIONS, maxCalls: 5 });
    await moduleRef.close();
  });

  it('forRootAsync(useFactory) takes limits computed at start-up', async () => {
    const moduleRef = opened(
      await Test.createTestingModule({
        imports: [SandboxModule.forRootAsync({ useFactory: async () => ({ wallTimeMs: 1_000 }) })],
      }).compile(),
      close,
    );
    expect(moduleRef.get(SandboxService).options.wallTimeMs).toBe(1_000);
    await moduleRef.close();
  });

  it('fails start-up on invalid options, naming the field', async () => {
    const compile = Test.createTestingModule({ imports: [SandboxModule.forRoot({ memoryMb: 1 })] }).compile();
    await expect(compile).rejects.toThrow(SandboxConfigError);
  });

  it('fails start-up with a clear message when Node lacks --no-node-snapshot and isolates run in-process', async () => {
    const saved = process.env.NODE_OPTIONS;
    process.env.NODE_OPTIONS = '';
    try {
      const module = SandboxModule.forRoot({ isolation: 'in-process' });
      const compile = Test.createTestingModule({ imports: [module] }).compile();
      await expect(compile).rejects.toThrow(NodeSnapshotFlagError);
    } finally {
      process.env.NODE_OPTIONS = saved;
    }
  });
});
