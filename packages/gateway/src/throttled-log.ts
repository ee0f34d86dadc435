export type Log = (msg: string, extra?: Record<string, unknown>) => void;

/**
 * A logger for errors that repeat while a server is away (every reconnect attempt reports one): each
 * distinct message is logged at most once per `everyMs`, with how many were left out since.
 */
export function throttled(log: Log | undefined, everyMs = 60_000): (msg: string, err: unknown) => void {
  const last = new Map<string, { at: number; skipped: number }>();
  return (msg, err) => {
    const text = err instanceof Error ? err.message : String(err);
    const key = `${msg}\u0000${text}`;
    const now = Date.now();
    const seen = last.get(key);
    if (seen && now - seen.at < everyMs) {
      seen.skipped++;
      return;
    }
    log?.(msg, { err: text, ...(seen?.skipped ? { repeated: seen.skipped } : {}) });
    last.set(key, { at: now, skipped: 0 });
    if (last.size > 100) last.delete(last.keys().next().value as string);
  };
}
