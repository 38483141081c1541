export type {
  AccessExplanation,
  ApprovalExplanation,
  CallDecider,
  CallVerdict,
  ExplainedSubject,
  ExplainQuestion,
  OperationExplanation,
} from './access-explanation.interface';
export type { AdminAudit, AuditPage, AuditQuery } from './admin-audit.interface';
export type { AdminExecutionQuery, AdminExecutions, AdminRollbackOptions } from './admin-executions.interface';
export type { AdminLive, LiveCooldownView, LivePrincipal, LiveRunView, LiveView } from './admin-live.interface';
export type { AdminAuditRecord, AdminAuditWriter, AdminModuleOptions } from './admin-options.interface';
