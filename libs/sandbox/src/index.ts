export { MAX_PARALLEL_BRIDGE_CALLS } from './engine/bridge-call.scheduler';
export * from './errors';
export * from './interfaces';
export type { HeavyCause } from './lanes/heavy-clients';
export { DEFAULT_SANDBOX_OPTIONS } from './sandbox.constants';
export { SandboxModule } from './sandbox.module';
export { type SandboxLane, type SandboxLaneChange, SandboxService, type SandboxStatus } from './sandbox.service';
export { SANDBOX_OPTION_TABLE } from './sandbox-options.table';
