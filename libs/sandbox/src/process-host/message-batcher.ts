import type { BatchMessage } from './host-protocol.interface';

/** Runs `flush` once the current turn's work is done (`setImmediate`, `process.nextTick`; never a timer). */
export type FlushSchedule = (flush: () => void) => void;

/** The end of the current turn of the event loop: after every I/O callback that was ready with it. */
export const AT_TURN_END: FlushSchedule = (flush) => setImmediate(flush);
/** The end of the current callback: after its promise jobs, before any other I/O is looked at. */
export const AT_CALLBACK_END: FlushSchedule = (flush) => process.nextTick(flush);

/**
 * One side of the IPC channel between the server and a sandbox process, writing its messages in order and
 * coalescing the ones that are ready together. Why: every IPC message costs a write, a wake-up of the other
 * process and a parse; a script's `Promise.all` of five calls (or five answers settling together) would pay
 * that five times. `send` queues a message and writes the queue when `schedule` says the work that could add
 * to it is done (never on a timer: a lone call waits for nothing but the end of its own turn); `sendNow`
 * writes at once, after whatever is queued, so order is kept across both.
 */
export class MessageBatcher<Message extends { type: string }> {
  private queue: Message[] = [];
  private scheduled = false;

  /** @param write Writes one message: a queued one alone, or several as one `batch`. */
  constructor(
    private readonly write: (message: Message | BatchMessage<Message>) => void,
    private readonly schedule: FlushSchedule = AT_TURN_END,
  ) {}

  /** Queues `message`; it goes out with the others queued until the scheduled flush. */
  send(message: Message): void {
    this.queue.push(message);
    if (this.scheduled) return;
    this.scheduled = true;
    this.schedule(this.scheduledFlush);
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
