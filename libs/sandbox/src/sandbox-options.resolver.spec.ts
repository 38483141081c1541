import { SandboxConfigError } from './errors/sandbox-config.error';
import { DEFAULT_SANDBOX_OPTIONS } from './sandbox.constants';
import { effectiveWallTime, resolveSandboxOptions } from './sandbox-options.resolver';

describe('resolveSandboxOptions', () => {
  it('uses the documented defaults', () => {
    expect(resolveSandboxOptions()).toEqual({
      wallTimeMs: 30_000,
      cpuTimeMs: 10_000,
      memoryMb: 64,
      maxCalls: 200,
      maxArgBytes: 65_536,
      maxResultBytes: 1_048_576,
      maxConsoleBytes: 65_536,
      maxConcurrent: 2,
      maxResident: 256,
      maxQueue: 0,
      warmPool: 1,
      isolation: 'process',
      processes: 2,
      heavyClientCpuPercent: 5,
      processHeapMb: 256,
      processMaxRssMb: 512,
      processRssLimitMb: 0,
    });
  });

  it('overrides only what is given', () => {
    expect(resolveSandboxOptions({ maxCalls: 5, memoryMb: 32 })).toEqual({
      ...DEFAULT_SANDBOX_OPTIONS,
      maxCalls: 5,
      memoryMb: 32,
    });
  });

  it('names every invalid field', () => {
    const resolve = () =>
      resolveSandboxOptions({
        memoryMb: 4,
        maxConcurrent: 0,
        wallTimeMs: 1.5,
        maxQueue: Number.NaN,
        processes: 0,
        isolation: 'thread' as never,
      });
    expect(resolve).toThrow(SandboxConfigError);
    expect(resolve).toThrow(
      'Invalid sandbox options: maxConcurrent must be an integer >= 1 (got 0); maxQueue must be an integer >= 0 (got NaN); ' +
        'wallTimeMs must be an integer >= 1 (got 1.5); memoryMb must be an integer >= 8 (got 4); ' +
        "processes must be an integer >= 1 (got 0); isolation must be 'process' or 'in-process' (got thread)",
    );
  });
});

describe('effectiveWallTime', () => {
  it.each([
    [undefined, 30_000],
    [5_000, 5_000],
    [60_000, 30_000],
    [0, 30_000],
    [-1, 30_000],
    [Number.NaN, 30_000],
    [10.2, 11],
  ])('requested %p → %p ms', (requested, expected) => {
    expect(effectiveWallTime(requested, 30_000)).toBe(expected);
  });
});
