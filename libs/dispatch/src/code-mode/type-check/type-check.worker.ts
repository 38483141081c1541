import { parentPort } from 'node:worker_threads';
import { ScriptChecker } from './script-checker';
import type { CheckMessage, VerdictMessage } from './type-check.protocol';

// The type-check worker thread: one warm checker, one check at a time, off the server's event loop.
const checker = new ScriptChecker();
parentPort?.on('message', ({ id, request }: CheckMessage) => {
  let answer: VerdictMessage;
  try {
    answer = { id, verdict: checker.check(request) };
  } catch (error) {
    answer = { id, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort?.postMessage(answer);
});
