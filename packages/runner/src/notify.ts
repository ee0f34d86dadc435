/**
 * Runs one notification per agent concurrently and waits for all of them, but never longer than
 * `timeoutMs`: a notification's failure or silence never counts and never holds the match.
 */
export async function notifyAll(
  tasks: ((signal: AbortSignal) => Promise<void> | undefined)[],
  timeoutMs: number,
): Promise<void> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const expired = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve();
    }, timeoutMs);
  });
  const runs = tasks.map((task) => {
    try {
      return Promise.resolve(task(controller.signal)).catch(() => {});
    } catch {
      return Promise.resolve();
    }
  });
  await Promise.race([Promise.all(runs), expired]);
  clearTimeout(timer);
}
