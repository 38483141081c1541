import type { OptionSpec, OptionTable } from '@myko/options';
import type { SandboxOptions } from './interfaces/sandbox-options.interface';

/** The whole-number options of the sandbox (everything but `isolation` and `onCatastrophicError`). */
export type SandboxNumericOption = Exclude<keyof SandboxOptions, 'onCatastrophicError' | 'isolation'>;

/**
 * Every numeric sandbox option: default, minimum, doc. `DEFAULT_SANDBOX_OPTIONS`, the minimum checks
 * of `SandboxModule.forRoot()`, the config file's `sandbox` section and its schema come from here.
 * @publicApi
 */
export const SANDBOX_OPTION_TABLE: OptionTable<SandboxNumericOption> = {
  maxConcurrent: {
    default: 2,
    minimum: 1,
    inConfigFile: true,
    doc: 'Scripts executing JavaScript at once (split over the sandbox processes, at least one each); about the cores given to the sandbox. A script awaiting operations holds no CPU slot.',
  },
  maxResident: {
    default: 256,
    minimum: 1,
    inConfigFile: true,
    doc: "Scripts resident at once (started, not ended: computing or awaiting operations), each with its own isolate; bounds the sandbox's memory. Past it a run waits in the queue (maxQueue) or is refused at once, retryable.",
  },
  maxQueue: {
    default: 0,
    minimum: 0,
    inConfigFile: true,
    doc: 'Runs waiting for a resident place when maxResident are resident; beyond it a run is refused at once (retryable). A run waits at most its wall-clock limit. 0: a full sandbox refuses at once.',
  },
  wallTimeMs: {
    default: 30_000,
    minimum: 1,
    inConfigFile: true,
    doc: 'Server maximum wall-clock time of one run, in ms (a request timeoutMs is capped by it); also the longest a run waits in the queue.',
  },
  cpuTimeMs: {
    default: 10_000,
    minimum: 1,
    inConfigFile: true,
    doc: 'Longest synchronous stretch of script per entry into the isolate, in ms.',
  },
  memoryMb: { default: 64, minimum: 8, inConfigFile: true, doc: 'Heap limit of each isolate, in MB.' },
  maxCalls: { default: 200, minimum: 0, inConfigFile: true, doc: 'myko.* calls allowed per run.' },
  maxArgBytes: {
    default: 64 * 1024,
    minimum: 2,
    doc: 'Largest JSON arguments of one myko.* call, in bytes; larger calls reject inside the script.',
  },
  maxResultBytes: {
    default: 1024 * 1024,
    minimum: 4,
    doc: 'Largest JSON result of a run, in bytes; larger results fail with a preview and a hint.',
  },
  maxConsoleBytes: {
    default: 64 * 1024,
    minimum: 0,
    doc: 'Console output kept per run, in bytes; the rest is dropped and flagged truncated.',
  },
  warmPool: {
    default: 1,
    minimum: 0,
    doc: "Isolates created ahead of demand, for runs whose conversation has no kept isolate (a run that ended normally leaves its isolate to its conversation's next run, with a fresh context). 0: each isolate is created when its run starts.",
  },
  processes: {
    default: 2,
    minimum: 1,
    inConfigFile: true,
    doc: 'Sandbox processes; runs go to the least busy one, so a script that crashes its process reaches only the runs beside it.',
  },
  heavyClientCpuPercent: {
    default: 5,
    minimum: 0,
    inConfigFile: true,
    doc: "Share of the sandbox's CPU (maxConcurrent cores), in percent, one principal (API key or token identity, else address; all its conversations together) may use over about 10 s before its runs turn low-priority: in the same sandbox processes, they wait behind other runs for a slot and their isolate threads run at niceness 19 while only they execute, so they get the cores nobody else needs (alone, all of them). 0: off.",
  },
  processHeapMb: {
    default: 256,
    minimum: 32,
    doc: "Heap limit of each sandbox process's own JavaScript heap (--max-old-space-size), in MB.",
  },
  processMaxRssMb: {
    default: 512,
    minimum: 16,
    doc: 'Resident memory, in MB, past which a sandbox process is replaced by a fresh one once its running scripts finish.',
  },
  processRssLimitMb: {
    default: 0,
    minimum: 0,
    inConfigFile: true,
    doc: 'Resident memory a sandbox process may reach while scripts run, in MB; past it the script computing hardest is stopped (memory outside the isolate heaps). 0: automatic (idle size + 4 x memoryMb + 3 MB per run).',
  },
};

/**
 * One column of the table by option (`default` or `minimum`). Written here rather than with
 * `@myko/options`' helpers: the sandbox process loads this file and resolves no `@myko/*` lib.
 */
export function sandboxOptionColumn(column: 'default' | 'minimum'): Record<SandboxNumericOption, number> {
  const entries = Object.entries(SANDBOX_OPTION_TABLE) as [SandboxNumericOption, OptionSpec][];
  return Object.fromEntries(entries.map(([key, spec]) => [key, spec[column]])) as Record<SandboxNumericOption, number>;
}
