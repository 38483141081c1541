import type { CallToolResult } from '../../features/tools/tool-definition.interface';
import { textContent } from '../../features/tools/tool-result';
import type { ExecuteCooldown } from './execute-abuse.guard';

/**
 * How long a refusal is held before it is sent (less if the cooldown ends sooner). A client that ignores the
 * retry advice and loops would otherwise get hundreds of refusals a second, each a full request the
 * server has to parse and answer: about 4 × the honest load of 200 clients, measured.
 */
export const REFUSAL_PAUSE_MS = 1_000;

/** Names the refusal in `_meta.limit`, next to `retryAfterMs`, like the edge limits' error data. */
export const EXECUTE_COOLDOWN_LIMIT = 'execute-abuse-backoff';

/** Waits `ms`, or less if `signal` aborts (the client gave up on the request). */
export function pauseBeforeRefusal(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

/** The tool error of an `execute` refused during a cooldown: why, and when to try again. */
export function executeCooldownRefusal(cooldown: ExecuteCooldown): CallToolResult {
  const seconds = Math.ceil(cooldown.retryAfterMs / 1000);
  const text =
    `Execution refused: ${cooldown.strikes} of this client's scripts within ${cooldown.windowMs / 1000} s were ` +
    "stopped by the CPU time, memory or wall-clock limit or the type check's time limit, so execute is paused " +
    'for this client. Nothing ran.\n' +
    `Retry after ${seconds} s (retryAfterMs: ${cooldown.retryAfterMs}), with a script that does less per run ` +
    '(no unbounded loops, ever-growing data or exploding types); repeated limit failures double the pause.';
  return {
    content: [textContent(text)],
    isError: true,
    _meta: { limit: EXECUTE_COOLDOWN_LIMIT, retryAfterMs: cooldown.retryAfterMs },
  };
}
