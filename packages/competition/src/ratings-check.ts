import { Prisma } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import { compareRatings, RecomputeFold } from '@coup/rating';
import type { RatingConfig, RecomputeReport } from '@coup/rating';
import { RATING_EPOCH_MS } from '@coup/gateway';
import { ratingLogStream } from './rating-log';

/**
 * Recomputes every rating from the stored match log alone and compares with the stored numbers, exactly
 * (the operator's `POST /v1/admin/ratings/check`): the query here, the arithmetic in @coup/rating.
 */
export async function checkRatings(
  prisma: PrismaClient,
  periodMs: number,
  config: Partial<RatingConfig> = {},
  /** Whose ladder: each ruleset's ratings are recomputed from its own matches alone. */
  ruleset = 'original',
): Promise<RecomputeReport> {
  // One snapshot for the log and the stored ratings (repeatable read): a period closed between reading the
  // one and the other would be in one only, and the check would report a difference that is not there.
  return prisma.$transaction(
    async (tx) => {
      // Streamed a page of whole rating periods at a time: memory does not grow with the log.
      const fold = new RecomputeFold({ ...config, periodMs, epochMs: RATING_EPOCH_MS });
      for await (const m of ratingLogStream(tx, periodMs, 10_000, ruleset)) fold.add(m);
      const stored = await tx.rating.findMany({ where: { ruleset } });
      return compareRatings(fold.finish(), stored, fold.count);
    },
    { isolationLevel: Prisma.TransactionIsolationLevel.RepeatableRead, timeout: 600_000, maxWait: 30_000 },
  );
}
