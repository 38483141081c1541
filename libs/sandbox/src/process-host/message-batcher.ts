import type { BatchMessage } from './host-protocol.interface';

/**
 * One side of the IPC channel between the server and a sandbox process, writing its messages in order and
 * coalescing the ones that are ready together. Why: every IPC message costs a write, a wake-up of the other
 * process and a parse; a script's `Promise.all` of five calls (or five answers settling in the same tick)
 * would pay that five times. `send` queues a message and writes the queue once the current turn of the event
 * loop is over (`setImmediate`, never a timer, so a lone call waits for nothing but the end of its turn);
 * `sendNow` writes at once, after whatever is queued, so order is kept across both.
 */
export class MessageBatcher<Message extends { type: string }> {
  private queue: Message[] = [];
  private flushing: NodeJS.Immediate | undefined;

  /** @param write Writes one message: a queued one alone, or several as one `batch`. */
  constructor(private readonly write: (message: Message | BatchMessage<Message>) => void) {}

  /** Queues `message`; it goes out at the end of this turn with the others queued meanwhile. */
  send(message: Message): void {
    this.queue.push(message);
    this.flushing ??= setImmediate(this.flush);
  }

  /** Writes what is queued, then `message`. */
  sendNow(message: Message): void {
    this.flush();
    this.write(message);
  }

  /** Writes what is queued now. */
  readonly flush = (): void => {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = undefined;
    const messages = this.queue;
    if (messages.length === 0) return;
    this.queue = [];
    this.write(messages.length === 1 ? (messages[0] as Message) : { type: 'batch', messages });
  };

  /** Forgets what is queued (the other side is gone). */
  clear(): void {
    if (this.flushing) clearImmediate(this.flushing);
    this.flushing = undefined;
    this.queue = [];
  }
}

/** The messages one IPC message carries: itself, or those of a `batch`. */
export function unbatch<Message>(message: Message | BatchMessage<Message>): readonly Message[] {
  const batch = message as Partial<BatchMessage<Message>> | null;
  if (batch?.type === 'batch') return Array.isArray(batch.messages) ? batch.messages : [];
  return [message as Message];
}
