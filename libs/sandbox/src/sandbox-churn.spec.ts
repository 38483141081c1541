import { SandboxService } from './sandbox.service';
import { InMemoryBridge } from './testing/in-memory.bridge';

describe('SandboxService isolate churn', () => {
  it('disposes every isolate over 1,000 runs, with bounded memory growth', async () => {
    const sandbox = new SandboxService({ maxQueue: 64 });
    const bridge = new InMemoryBridge({ query_Echo: (args) => args });
    const batch = (size: number, offset: number) =>
      Promise.all(
        Array.from({ length: size }, (_, i) =>
          sandbox.run({ code: `console.log('run');\nreturn myko.query('Echo', { i: ${offset + i} });`, bridge }),
        ),
      );

    await batch(50, 0);
    const baseline = process.memoryUsage().rss;
    let ok = 50;
    let peakLive = 0;
    const sampler = setInterval(() => {
      peakLive = Math.max(peakLive, sandbox.status().liveIsolates);
    }, 2);
    for (let offset = 50; offset < 1_000; offset += 50) {
      const results = await batch(50, offset);
      ok += results.filter((result) => result.ok).length;
    }
    clearInterval(sampler);
    const growthMb = (process.memoryUsage().rss - baseline) / 1024 / 1024;

    expect(ok).toBe(1_000);
    expect(bridge.received).toHaveLength(1_000);
    expect(peakLive).toBeGreaterThan(0);
    expect(peakLive).toBeLessThanOrEqual(sandbox.options.maxConcurrent);
    expect(sandbox.status()).toEqual({ running: 0, queued: 0, liveIsolates: 0, catastrophicErrors: 0 });
    // ~20 MB seen here (allocator high-water marks); a leak of one isolate per run would be hundreds of MB.
    expect(growthMb).toBeLessThan(80);
    await sandbox.onModuleDestroy();
  }, 30_000);
});
