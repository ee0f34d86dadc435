import type { PrismaClient } from '@coup/db';
import { recompute, resolveConfig } from '@coup/rating';
import type { RatingConfig } from '@coup/rating';
import { RATING_EPOCH_MS } from '@coup/platform';
import { ratingLog } from './rating-log';

export interface RecomputeReport {
  matches: number;
  agents: number;
  /** Agents whose stored rating, RD, volatility, games or wins differ from the recomputed ones. */
  mismatches: { agentId: string; stored: unknown; recomputed: unknown }[];
  identical: boolean;
}

/** Recomputes every rating from the match log alone and compares with the stored numbers, exactly. */
export async function checkRatings(
  prisma: PrismaClient,
  periodMs: number,
  config: Partial<RatingConfig> = {},
): Promise<RecomputeReport> {
  const log = await ratingLog(prisma, periodMs);
  const { ratings } = recompute(log, resolveConfig({ ...config, periodMs, epochMs: RATING_EPOCH_MS }));
  const stored = await prisma.rating.findMany();
  const mismatches: RecomputeReport['mismatches'] = [];
  const seen = new Set<string>();
  for (const s of stored) {
    seen.add(s.agentId);
    const r = ratings.get(s.agentId);
    const same =
      r !== undefined &&
      r.rating === s.rating &&
      r.rd === s.rd &&
      r.vol === s.vol &&
      r.games === s.games &&
      r.wins === s.wins &&
      r.lastPeriodIndex === s.lastPeriodIndex;
    if (!same) mismatches.push({ agentId: s.agentId, stored: s, recomputed: r ?? null });
  }
  for (const [agentId, r] of ratings) {
    if (!seen.has(agentId)) mismatches.push({ agentId, stored: null, recomputed: r });
  }
  return { matches: log.length, agents: ratings.size, mismatches, identical: mismatches.length === 0 };
}
