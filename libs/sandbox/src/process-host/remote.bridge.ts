import type { BridgeRefusal } from '../engine/bridge-refusal';
import type { SandboxBridge, SandboxCallKind } from '../interfaces/sandbox-run.interface';
import type { AnswerMessage, CallMessage } from './host-protocol.interface';

interface PendingCall {
  resolve(json: string): void;
  reject(error: Error): void;
}

/**
 * The bridge a run sees inside the sandbox process: each call goes to the server, whose real bridge
 * answers. The run's `BridgeRelay` has already applied the call and size limits; once the run ends, the
 * relay drops late answers, so `close()` only forgets what is pending.
 */
export class RemoteBridge implements SandboxBridge {
  private lastCallId = 0;
  private readonly pending = new Map<number, PendingCall>();

  constructor(
    private readonly runId: number,
    private readonly send: (message: CallMessage) => void,
  ) {}

  call(kind: SandboxCallKind, id: string, argsJson: string): Promise<string> {
    const callId = ++this.lastCallId;
    return new Promise<string>((resolve, reject) => {
      this.pending.set(callId, { resolve, reject });
      this.send({ type: 'call', runId: this.runId, callId, kind, id, argsJson });
    });
  }

  answer(message: AnswerMessage): void {
    const call = this.pending.get(message.callId);
    if (!call) return;
    this.pending.delete(message.callId);
    if (message.ok) call.resolve(message.json);
    else call.reject(toError(message.refusal));
  }

  close(): void {
    this.pending.clear();
  }
}

/** Rebuilt by shape: the relay reads only name, message and the script-facing fields (see `refusalOf`). */
function toError(refusal: BridgeRefusal): Error {
  const error = new Error(refusal.message) as Error & Record<string, unknown>;
  error.name = refusal.name;
  if (refusal.code !== null) error.code = refusal.code;
  if (refusal.status !== null) error.status = refusal.status;
  if (refusal.retryable !== null) error.retryable = refusal.retryable;
  if (refusal.details !== null) error.details = JSON.parse(refusal.details);
  return error;
}
