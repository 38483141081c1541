export {
  DISPATCH_OPTIONS,
  JSON_RPC_ERROR_CODES,
  SERVER_SHUTTING_DOWN,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './dispatch.constants';
export { DispatchModule } from './dispatch.module';
export { DispatchService } from './dispatch.service';
export * from './errors';
export { ABUSE_BACKOFF_OPTION_TABLE, EXECUTE_GUARD_OPTION_TABLE } from './execute/execute-guard.defaults';
export * from './interfaces';
export { type ExecuteEvent, ExecuteMonitor, type ExecuteOutcome } from './observe/execute.monitor';
export type {
  ObservedRequest,
  OperationCallOutcome,
  RequestObservation,
  RequestObserver,
} from './observe/request-observer.interface';
export * from './protocol-era';
export { OperationSearchService } from './search/operation-search.service';
export type { OperationDetail, OperationSummary, SearchResult } from './search/search-result.interface';
export { type SandboxHealth, SandboxHealthProvider } from './status/sandbox-health.provider';
export { type SandboxReadiness, SandboxReadinessProbe } from './status/sandbox-readiness.probe';
export { CODE_MODE_INSTRUCTIONS } from './tools/code-mode.instructions';
