import type { PrismaClient } from '@coup/db';
import { compareWithRecompute } from '@coup/rating';
import type { RatingConfig, RecomputeReport } from '@coup/rating';
import { RATING_EPOCH_MS } from './names';
import { ratingLog } from './rating-log';

/**
 * Recomputes every rating from the stored match log alone and compares with the stored numbers, exactly
 * (the operator's `POST /v1/admin/ratings/check`): the query here, the arithmetic in @coup/rating.
 */
export async function checkRatings(
  prisma: PrismaClient,
  periodMs: number,
  config: Partial<RatingConfig> = {},
): Promise<RecomputeReport> {
  const log = await ratingLog(prisma, periodMs);
  const stored = await prisma.rating.findMany();
  return compareWithRecompute(log, stored, { ...config, periodMs, epochMs: RATING_EPOCH_MS });
}
