export { MAX_PARALLEL_BRIDGE_CALLS } from './engine/bridge-call.scheduler';
export * from './errors';
export * from './interfaces';
export { assertNoNodeSnapshotFlag, hasNoNodeSnapshotFlag, NO_NODE_SNAPSHOT_FLAG } from './node-flags';
export { DEFAULT_SANDBOX_OPTIONS, USER_SCRIPT_FILENAME } from './sandbox.constants';
export { SandboxModule } from './sandbox.module';
export { SANDBOX_MODULE_OPTIONS } from './sandbox.module-definition';
export { SandboxService, type SandboxStatus } from './sandbox.service';
export { SANDBOX_OPTION_TABLE, type SandboxNumericOption } from './sandbox-options.table';
