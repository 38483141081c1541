/**
 * Waits for `promise`, at most `timeoutMs`. The timer also keeps the event loop alive meanwhile: sandbox
 * processes are unref'd, so without it a server with nothing else left to do would end before their exit
 * is seen (and before the caller's shutdown continues).
 */
export async function waitAtMost(promise: Promise<unknown>, timeoutMs: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  const bound = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, timeoutMs);
  });
  await Promise.race([promise, bound]);
  clearTimeout(timer);
}
