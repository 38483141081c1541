export type {
  AccessExplanation,
  ApprovalExplanation,
  CallDecider,
  CallVerdict,
  ExplainedSubject,
  ExplainQuestion,
  OperationExplanation,
} from './access-explanation.interface';
export type { AdminExecutionQuery, AdminExecutions } from './admin-executions.interface';
export type { AdminAuditRecord, AdminAuditWriter, AdminModuleOptions } from './admin-options.interface';
