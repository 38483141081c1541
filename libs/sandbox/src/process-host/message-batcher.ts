import type { BatchMessage } from './host-protocol.interface';

/**
 * One side of the IPC channel between the server and a sandbox process, writing its messages in order and
 * coalescing the ones that are ready together. Why: every IPC message costs a write, a wake-up of the other
 * process and a parse; a script's `Promise.all` of five calls (or five answers settling together) would pay
 * that five times. `send` queues a message and writes the queue at the end of the current callback
 * (`process.nextTick`: after its promise jobs, before any other I/O; never on a timer). A lone sequential call
 * waits for nothing but the end of its own callback: the end of the event loop's turn (`setImmediate`) cost it
 * ~10 µs, and writing the first message of a callback at once halved what a `Promise.all` of ten gained, for
 * no measurable gain of its own. `sendNow` writes at once, after whatever is queued, so order is kept.
 */
export class MessageBatcher<Message extends { type: string }> {
  private queue: Message[] = [];
  private scheduled = false;

  /** @param write Writes one message: a queued one alone, or several as one `batch`. */
  constructor(private readonly write: (message: Message | BatchMessage<Message>) => void) {}

  /** Queues `message`; it goes out at the end of the current callback, with the others queued meanwhile. */
  send(message: Message): void {
    this.queue.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    process.nextTick(this.scheduledFlush);
  }

  /** Writes what is queued, then `message`. */
  sendNow(message: Message): void {
    this.flush();
    this.write(message);
  }

  /** Writes what is queued now. */
  flush(): void {
    const messages = this.queue;
    if (messages.length === 0) return;
    this.queue = [];
    this.write(messages.length === 1 ? (messages[0] as Message) : { type: 'batch', messages });
  }

  /** Forgets what is queued (the other side is gone). */
  clear(): void {
    this.queue = [];
  }

  private readonly scheduledFlush = (): void => {
    this.scheduled = false;
    this.flush();
  };
}

/** The messages one IPC message carries: itself, or those of a `batch`. */
export function unbatch<Message>(message: Message | BatchMessage<Message>): readonly Message[] {
  const batch = message as Partial<BatchMessage<Message>> | null;
  if (batch?.type === 'batch') return Array.isArray(batch.messages) ? batch.messages : [];
  return [message as Message];
}
