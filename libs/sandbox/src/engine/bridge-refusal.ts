import { SandboxError } from '../errors/sandbox.error';

/** How a rejected `myko.*` call is rethrown inside the script: name, message, a string `code`, and a tag. */
export interface BridgeRefusal {
  name: string;
  message: string;
  code: string | null;
  /** The `SandboxFailureKind` of a sandbox-made error (argument-size, call-limit), so the run can report it. */
  tag: string | null;
}

/** Only name, message and a string `code` cross into the script: never a host stack. Read by shape (any realm). */
export function refusalOf(error: unknown): BridgeRefusal {
  const { name, message, code } = (typeof error === 'object' && error !== null ? error : {}) as Record<string, unknown>;
  if (typeof message !== 'string') return { name: 'Error', message: describeValue(error), code: null, tag: null };
  const tag = error instanceof SandboxError ? error.kind : null;
  return {
    name: typeof name === 'string' && name !== '' ? name : 'Error',
    message,
    code: typeof code === 'string' ? code : null,
    tag,
  };
}

/** The refusal when an operation resolves with something other than JSON text. */
export const NO_JSON_TEXT: Readonly<BridgeRefusal> = Object.freeze({
  name: 'Error',
  message: 'The operation returned no JSON text',
  code: null,
  tag: null,
});

function describeValue(value: unknown): string {
  try {
    return String(value);
  } catch {
    return 'The operation failed';
  }
}
