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

/** Why the level is cooling down, in the refusal's words. */
function reasonOf(cooldown: ExecuteCooldown): string {
  const window = `${cooldown.windowMs / 1000} s`;
  if (cooldown.level === 'conversation') {
    return (
      `${cooldown.strikes} of this conversation's scripts within ${window} were stopped by the CPU time, memory or ` +
      "wall-clock limit or the type check's time limit, so execute is paused for this conversation (this session " +
      'or connection) only; other conversations of the same API key or address are served.'
    );
  }
  const byConversations = cooldown.conversations ? `${cooldown.conversations} of its conversations were paused` : '';
  const byStrikes = cooldown.strikes ? `its scripts were stopped by a limit ${cooldown.strikes} times` : '';
  const why = [byConversations, byStrikes].filter(Boolean).join(', or ');
  return (
    `this API key (or address) is paused as a whole: ${why}, within ${window}, so execute is paused for ` +
    'every conversation of it.'
  );
}

/** The tool error of an `execute` refused during a cooldown: which level, why, and until when. */
export function executeCooldownRefusal(cooldown: ExecuteCooldown, now = Date.now()): CallToolResult {
  const seconds = Math.ceil(cooldown.retryAfterMs / 1000);
  const at = new Date(now + cooldown.retryAfterMs).toISOString();
  const text =
    `Execution refused: ${reasonOf(cooldown)} Nothing ran.\n` +
    `Retry after ${seconds} s, at ${at} (retryAfterMs: ${cooldown.retryAfterMs}), with a script that does less ` +
    'per run (no unbounded loops, ever-growing data or exploding types); repeated limit failures double the pause.';
  return {
    content: [textContent(text)],
    isError: true,
    _meta: { limit: EXECUTE_COOLDOWN_LIMIT, level: cooldown.level, retryAfterMs: cooldown.retryAfterMs },
  };
}
