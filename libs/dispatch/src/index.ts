export { CODE_MODE_INSTRUCTIONS } from './code-mode/code-mode.instructions';
export { type ApprovalDoor, ApprovalDoors } from './code-mode/execute/approval-doors';
export { type ExecuteEvent, ExecuteMonitor, type ExecuteOutcome } from './code-mode/execute/execute.monitor';
export type { AbuseParty, CooldownCause, CooldownLevel, CooldownStart } from './code-mode/execute/execute-abuse.guard';
export {
  type CooldownReader,
  ExecuteActivity,
  type LiveCooldown,
  type LiveRun,
} from './code-mode/execute/execute-activity';
export { ABUSE_BACKOFF_OPTION_TABLE, EXECUTE_GUARD_OPTION_TABLE } from './code-mode/execute/execute-guard.defaults';
export type { GuardAction, GuardEvent } from './code-mode/execute/execute-guard.event';
export {
  type ApprovedExecution,
  ExecutionDecisions,
  type OwnerFilters,
} from './code-mode/execute/execution-decisions.service';
export { UnapprovableScriptError } from './code-mode/execute/unapprovable-script.error';
export {
  ExecutionDecisionError,
  ExecutionDivergedError,
  ExecutionPausedError,
} from './code-mode/executions/execution.errors';
export { ExecutionQueryError, type ExecutionQueryInput } from './code-mode/executions/execution.query';
export type { ExecutionMeta } from './code-mode/executions/execution.result';
export {
  ExecutionRollbacks,
  ROLLBACK_STATES,
  type RollbackOptions,
} from './code-mode/executions/execution.rollbacks';
export type { ExecutionListing, ExecutionSummary } from './code-mode/executions/execution.summary';
export type {
  ExecutionRecord,
  ExecutionRollbackRecord,
  ExecutionState,
  JournalCall,
} from './code-mode/executions/execution-record';
export { type SandboxHealth, SandboxHealthProvider } from './code-mode/sandbox-status/sandbox-health.provider';
export { type SandboxReadiness, SandboxReadinessProbe } from './code-mode/sandbox-status/sandbox-readiness.probe';
export { OperationSearchService } from './code-mode/search/operation-search.service';
export type {
  FullSearchPage,
  OperationDetail,
  OperationSummary,
  SearchEntry,
  SearchPage,
  SearchResult,
} from './code-mode/search/search-result.interface';
export {
  JSON_RPC_ERROR_CODES,
  SERVER_SHUTTING_DOWN,
  STATE_UNAVAILABLE,
  SUPPORTED_PROTOCOL_VERSIONS,
} from './dispatch.constants';
export { DispatchModule } from './dispatch.module';
export { DispatchService } from './dispatch.service';
export { ServerShuttingDownError } from './errors';
export {
  ApprovalDeclinedError,
  ApprovalUnansweredError,
  ApprovalUnavailableError,
} from './features/operations/approval/approval.errors';
export type {
  AbuseBackoffOptions,
  ClientContext,
  DispatchModuleAsyncOptions,
  DispatchModuleOptions,
  ExecuteGuardOptions,
  JsonRpcErrorObject,
  JsonRpcFailure,
  JsonRpcId,
  JsonRpcMessage,
  JsonRpcNotification,
  JsonRpcRequest,
  JsonRpcResponse,
  JsonRpcSuccess,
  ServerIdentity,
} from './interfaces';
export type { FairnessOptions } from './interfaces/fairness-options.interface';
export type { OperationCallOutcome } from './interfaces/request-context.interface';
export type { SessionSnapshot } from './interfaces/session-state.interface';
export { type FairWorkBudget, FairWorkScheduler } from './protocol/fairness/fair-work.scheduler';
export {
  DEFAULT_FAIRNESS_OPTIONS,
  FAIRNESS_OPTION_TABLE,
} from './protocol/fairness/fairness-options.table';
export { classifyMessage, isValidId } from './protocol/json-rpc/json-rpc.codec';
export type { IncomingMessage as ClassifiedMessage } from './protocol/json-rpc/json-rpc.message';
export { failureResponse } from './protocol/json-rpc/json-rpc.responses';
export type {
  ObservedRequest,
  RequestObservation,
  RequestObserver,
} from './protocol/observe/request-observer.interface';
export * from './protocol/protocol-era';
