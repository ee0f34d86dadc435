/**
 * The rating period containing `time`: period n covers [epochMs + n*periodMs, epochMs + (n+1)*periodMs).
 * Times before the epoch get negative indices rather than being folded into period 0.
 */
export function periodIndexOf(time: number, periodMs: number, epochMs = 0): number {
  if (!(Number.isFinite(periodMs) && periodMs > 0)) {
    throw new RangeError(`periodMs must be a positive finite number, got ${periodMs}`);
  }
  if (!Number.isFinite(time) || !Number.isFinite(epochMs)) {
    throw new RangeError(`time and epochMs must be finite, got ${time} and ${epochMs}`);
  }
  return Math.floor((time - epochMs) / periodMs);
}

/** Start time (inclusive) of a period; its end is the next period's start. */
export function periodStart(periodIndex: number, periodMs: number, epochMs = 0): number {
  return epochMs + periodIndex * periodMs;
}
