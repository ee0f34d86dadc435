// Daily model budgets count by UTC day: one day for every account and every process, whatever its time
// zone, and it resets at 00:00 UTC.

/** The UTC day of `at`, as Postgres takes a date: "2026-11-24". */
export function usageDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/** When the budgets of `at`'s day reset: the next 00:00 UTC. */
export function budgetResetsAt(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1));
}
