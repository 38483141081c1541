import { SandboxError } from '../errors/sandbox.error';

/**
 * How a rejected `myko.*` call is rethrown inside the script: name, message, and the fields a script reads on
 * it (`code`, `status`, `retryable`, `details` as JSON text), and a tag. `null`: the error has no such field.
 */
export interface BridgeRefusal {
  name: string;
  message: string;
  code: string | null;
  /** An HTTP-like status (100–599). */
  status: number | null;
  retryable: boolean | null;
  /** JSON text of a plain object, at most `MAX_DETAILS_CHARS`; a larger one does not cross. */
  details: string | null;
  /** The `SandboxFailureKind` of a sandbox-made error (argument-size, call-limit), so the run can report it. */
  tag: string | null;
}

/** The most `details` JSON that crosses into a script: the host bounds it first, this is the backstop. */
export const MAX_DETAILS_CHARS = 2_048;
const MAX_CODE_CHARS = 100;

/**
 * Only name, message and the script-facing fields cross into the script: never a host stack. Read by shape
 * (any realm).
 */
export function refusalOf(error: unknown): BridgeRefusal {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  const { name, message } = fields;
  if (typeof message !== 'string') return bare('Error', describeValue(error));
  return {
    name: typeof name === 'string' && name !== '' ? name : 'Error',
    message,
    code: typeof fields.code === 'string' ? fields.code.slice(0, MAX_CODE_CHARS) : null,
    status: Number.isInteger(fields.status) && isStatus(fields.status as number) ? (fields.status as number) : null,
    retryable: typeof fields.retryable === 'boolean' ? fields.retryable : null,
    details: detailsJson(fields.details),
    tag: error instanceof SandboxError ? error.kind : null,
  };
}

/** A refusal with nothing but a name and a message. */
export function bare(name: string, message: string): BridgeRefusal {
  return { name, message, code: null, status: null, retryable: null, details: null, tag: null };
}

/** The refusal when an operation resolves with something other than JSON text. */
export const NO_JSON_TEXT: Readonly<BridgeRefusal> = Object.freeze(
  bare('Error', 'The operation returned no JSON text'),
);

function detailsJson(details: unknown): string | null {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return null;
  try {
    const json = JSON.stringify(details);
    return typeof json === 'string' && json.length <= MAX_DETAILS_CHARS ? json : null;
  } catch {
    return null;
  }
}

function isStatus(status: number): boolean {
  return status >= 100 && status <= 599;
}

function describeValue(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'The operation failed';
  }
}
