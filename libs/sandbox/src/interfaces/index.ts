export type { SandboxIsolation, SandboxOptions } from './sandbox-options.interface';
export type {
  SandboxBridge,
  SandboxCallKind,
  SandboxConsole,
  SandboxFailure,
  SandboxFailureKind,
  SandboxRunRequest,
  SandboxRunResult,
  SandboxStats,
} from './sandbox-run.interface';
export type { SandboxProcessStatus } from './sandbox-runner.interface';
