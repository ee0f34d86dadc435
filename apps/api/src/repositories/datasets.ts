import { preparedRows, Prisma } from '@coup/db';
import type { PrismaClient } from '@coup/db';
import type { DatasetGamesQuery, DatasetListQuery } from '@coup/api-contract';
import type { z } from 'zod';
import { afterCursor, decodeCursor, newestFirst } from './cursor';
import { afterOrdinal, decodeOrdinalCursor } from './ordinal-cursor';

// The read queries of the human dataset routes. Only `ready` datasets are public (an import in progress
// or a failed one is not served), so every query here filters on it.

const READY = 'ready';

/** Ready datasets newest first (`limit + 1` rows: see services/cursor.ts). */
export function listDatasets(prisma: PrismaClient, q: z.output<typeof DatasetListQuery>) {
  return prisma.humanDataset.findMany({
    where: { status: READY, ...afterCursor(decodeCursor(q.cursor)) },
    orderBy: newestFirst,
    take: q.limit + 1,
    omit: { baselines: true, badReasons: true },
  });
}

export function findDataset(prisma: PrismaClient, id: string) {
  return prisma.humanDataset.findFirst({ where: { id, status: READY } });
}

/** The most recent ready dataset's baselines (for agent profiles), or null. */
export async function latestBaselines(prisma: PrismaClient) {
  // Every profile reads it: a named prepared statement (planned once per connection; issue 23).
  const [row] = await preparedRows<{ id: string; name: string; baselines: Prisma.JsonValue }>(
    prisma,
    'latest_baselines',
    Prisma.sql`SELECT id, name, baselines FROM human_datasets
      WHERE status = ${READY} AND baselines IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1`,
  );
  return row ?? null;
}

/** A ready dataset's games in file order from the cursor (`limit + 1` rows), filtered as asked. */
export function listDatasetGames(
  prisma: PrismaClient,
  datasetId: string,
  q: z.output<typeof DatasetGamesQuery>,
) {
  return prisma.humanGame.findMany({
    where: {
      datasetId,
      ...(q.gameType ? { gameType: q.gameType } : {}),
      ...(q.playerCount ? { playerCount: q.playerCount } : {}),
      ...(q.replayStatus ? { replayStatus: q.replayStatus } : {}),
      ...afterOrdinal(decodeOrdinalCursor(q.cursor)),
    },
    orderBy: { ordinal: 'asc' },
    take: q.limit + 1,
    omit: { replayNote: true, replayDifferences: true },
  });
}

export function findDatasetGame(prisma: PrismaClient, datasetId: string, ordinal: number) {
  return prisma.humanGame.findUnique({ where: { datasetId_ordinal: { datasetId, ordinal } } });
}
