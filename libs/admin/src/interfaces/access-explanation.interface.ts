import type { ProfileQuotas, ToolMode } from '@myko/access';
import type { CallableRuleView, VisibilityVerdict } from '@myko/filter';

/** What an explain question names: an API key, a profile by name, or token claims (none: an anonymous client). */
export interface ExplainQuestion {
  readonly key?: string;
  readonly profile?: string;
  /** A bearer token's claims (`scope`, `groups`, …), matched against `oauth.profiles` as a verified token's are. */
  readonly claims?: Readonly<Record<string, unknown>>;
  /** A point question: may the subject call this operation (`command_CancelOrder`) … */
  readonly operation?: string;
  /** … with these arguments (default `{}`). */
  readonly args?: unknown;
}

/** Whom an explanation is about. */
export interface ExplainedSubject {
  /** The access profile, or null for an anonymous client without a default profile. */
  readonly profile: string | null;
  /** How it was named: by an API key (its id is the first 12 hex digits of its SHA-256), a profile name, token claims, or none. */
  readonly via: 'key' | 'profile' | 'claims' | 'anonymous';
  readonly keyId?: string;
  readonly description?: string;
}

/** Why an operation needs the user's approval before a script runs it. */
export interface ApprovalExplanation {
  readonly required: boolean;
  /** `@Command({ approval: true })`, or the profile's `approval` glob that names it. */
  readonly rule?: string;
}

/** One operation as the subject sees it. */
export interface OperationExplanation {
  readonly name: string;
  readonly kind: string;
  readonly visible: boolean;
  /** The visibility list and pattern that decided. */
  readonly visibility: VisibilityVerdict;
  /** The argument-value rules every call must pass (none: any valid arguments). */
  readonly callable: readonly CallableRuleView[];
  readonly approval: ApprovalExplanation;
}

/** Everything a subject can see and call, and which rule decided each. */
export interface AccessExplanation {
  readonly subject: ExplainedSubject;
  readonly toolMode: ToolMode;
  /** The profile's quotas (none: only the server's safety caps). */
  readonly quotas: ProfileQuotas;
  readonly operations: readonly OperationExplanation[];
  /** Operations hidden from the subject, each with the rule that hid it. */
  readonly hidden: readonly Pick<OperationExplanation, 'name' | 'kind' | 'visibility'>[];
}

/** Which check decided a point question, in the order the service checks a call. */
export type CallDecider = 'unknown' | 'visibility' | 'callability' | 'arguments' | 'allowed';

/** The answer to "can this subject call this operation with these arguments, and why not". */
export interface CallVerdict {
  readonly subject: ExplainedSubject;
  readonly operation: string;
  readonly args: unknown;
  readonly allowed: boolean;
  /** In words: what the caller would be told, or why it passes. */
  readonly reason: string;
  /** The config rule that decided (`profiles.ops.callable.allow.command_CancelOrder`), or what else did. */
  readonly rule: string;
  readonly decidedBy: CallDecider;
  /** An allowed command that still waits for the user's approval. */
  readonly approval?: ApprovalExplanation;
}
