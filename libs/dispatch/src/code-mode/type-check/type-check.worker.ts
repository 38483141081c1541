import { ScriptChecker } from './script-checker';
import type { CheckMessage, VerdictMessage } from './type-check.protocol';

/** Checks answered together at most: a batch's answers wait for its last. */
const BATCH = 8;

// The type-check worker process: one warm checker off the server's event loop, in a heap of its own. The checks
// that arrived while it was busy are checked together (see ScriptChecker); TypeCheckPool sends one at a time, so
// that a check's time limit is its own script's.
const checker = new ScriptChecker();
const waiting: CheckMessage[] = [];
let draining = false;

process.on('message', (message: CheckMessage) => {
  waiting.push(message);
  if (draining) return;
  draining = true;
  // After the messages already delivered: they join this batch.
  setImmediate(drain);
});

// The server is gone (exited, killed or crashed): so is its checker, never an orphan.
process.on('disconnect', () => process.exit(0));

function drain(): void {
  const batch = waiting.splice(0, BATCH);
  for (const answer of answers(batch)) process.send?.(answer);
  if (waiting.length > 0) setImmediate(drain);
  else draining = false;
}

function answers(batch: readonly CheckMessage[]): VerdictMessage[] {
  try {
    const verdicts = checker.checkAll(batch.map((message) => message.request));
    return batch.map(({ id }, i) => ({ id, verdict: verdicts[i] }));
  } catch (error) {
    // One check broke the batch: each alone, so that only that one goes unjudged.
    if (batch.length > 1) return batch.flatMap((message) => answers([message]));
    return [{ id: batch[0].id, error: error instanceof Error ? error.message : String(error) }];
  }
}
