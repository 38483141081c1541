import {
  ConflictError,
  InvalidArgumentsError,
  NotFoundError,
  OperationAbortedError,
  OperationNotFoundError,
} from '@myko/registry';
import { CallRefusedError } from '../../errors';
import { fitResult } from './result-budget.cutter';

/**
 * What a script reads on an error it catches from `myko.*`, beside `name` and `message` (docs/code-mode.md,
 * "Errors a script can catch"): the same four fields on every class.
 */
export interface ScriptErrorFields {
  /** Machine-readable reason: `not_found`, `http_422`, `approval_declined`, a plugin's own code. */
  readonly code: string;
  /** HTTP-like status: the backend's for a connector error, else the class's (404 not found, 409 conflict, …). */
  readonly status: number;
  /** Whether the same call may succeed later unchanged. */
  readonly retryable: boolean;
  /** Plain data about the failure (`issues` of invalid arguments, `suggestions`, a backend body); `{}` when none. */
  readonly details: Readonly<Record<string, unknown>>;
}

/** An error as it crosses into the script: its name, message and the four fields, nothing else. */
export type ScriptError = Error & ScriptErrorFields;

/** JSON text of `details` at most; larger plugin details are cut structurally (still valid JSON). */
const MAX_DETAILS_BYTES = 1_024;
const MAX_ISSUES = 10;
const MAX_TEXT = 200;

/** The status of a class or code without one of its own; anything else an operation throws is a 422. */
const STATUS_BY_CODE: Readonly<Record<string, number>> = {
  invalid_arguments: 400,
  backend_unauthorized: 401,
  call_refused: 403,
  approval_declined: 403,
  approval_unanswered: 403,
  approval_unavailable: 403,
  not_found: 404,
  unknown_operation: 404,
  conflict: 409,
  aborted: 499,
  internal_error: 500,
  redirect_refused: 502,
  response_too_large: 502,
  backend_unavailable: 503,
  backend_timeout: 504,
};

/**
 * The error the script catches for `error` (already mapped: an `OperationError`, a `CallRefusedError` or the
 * masked `InternalError`), with `code`, `status`, `retryable` and `details` filled in. An error's own fields
 * win (a connector's `status`, `BackendUnavailableError.retryable`, a plugin error's `details`); the rest come
 * from its class. Idempotent: an error already carrying the fields keeps them.
 */
export function toScriptError(error: Error): ScriptError {
  const own = error as Error & Partial<Record<keyof ScriptErrorFields, unknown>>;
  const code = typeof own.code === 'string' && own.code !== '' ? own.code : defaultCode(error);
  const status = isStatus(own.status) ? own.status : statusOf(error, code);
  const retryable = typeof own.retryable === 'boolean' ? own.retryable : false;
  const details = boundedDetails(isPlainObject(own.details) ? own.details : detailsOf(error));
  // Of the same class, for the host's own checks (`instanceof`), but with no stack and no other field.
  const crossing = Object.create(Object.getPrototypeOf(error)) as ScriptError;
  return Object.assign(crossing, { name: error.name, message: error.message, code, status, retryable, details });
}

function defaultCode(error: Error): string {
  if (error instanceof CallRefusedError) return 'call_refused';
  return error.name === 'InternalError' ? 'internal_error' : 'operation_failed';
}

function statusOf(error: Error, code: string): number {
  if (error instanceof NotFoundError || error instanceof OperationNotFoundError) return 404;
  if (error instanceof ConflictError) return 409;
  if (error instanceof OperationAbortedError) return 499;
  return STATUS_BY_CODE[code] ?? (code.startsWith('http_') ? Number(code.slice(5)) || 422 : 422);
}

/** What the classes the host knows say about themselves, bounded; never a stack or a hidden operation. */
function detailsOf(error: Error): Record<string, unknown> {
  if (error instanceof InvalidArgumentsError) {
    const issues = error.issues.slice(0, MAX_ISSUES).map((issue) => ({
      path: short(issue.path),
      reasons: issue.reasons.slice(0, 5).map(short),
    }));
    return error.issues.length > MAX_ISSUES ? { issues, moreIssues: error.issues.length - MAX_ISSUES } : { issues };
  }
  if (error instanceof OperationNotFoundError) return { suggestions: error.suggestions.slice(0, 5).map(short) };
  const fields = error as Error & { excerpt?: unknown; limit?: unknown };
  const out: Record<string, unknown> = {};
  if (typeof fields.excerpt === 'string') out.body = fields.excerpt;
  if (typeof fields.limit === 'number') out.limit = fields.limit;
  return out;
}

function boundedDetails(details: Record<string, unknown>): Record<string, unknown> {
  let json: string;
  try {
    json = JSON.stringify(details) ?? '{}';
  } catch {
    return {};
  }
  const fitted: unknown = JSON.parse(fitResult(json, MAX_DETAILS_BYTES).json);
  return isPlainObject(fitted) ? fitted : {};
}

function short(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT)}…` : text;
}

function isStatus(value: unknown): value is number {
  return Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 599;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === Object.prototype || proto === null;
}
