import { Prisma } from '@coup/db';
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

export interface BaselinesRow {
  id: string;
  name: string;
  baselines: Prisma.JsonValue;
}

/** The most recent ready dataset with baselines: its id, name and baselines (one row or none). */
export const LATEST_BASELINES = Prisma.sql`SELECT id, name, baselines FROM human_datasets
      WHERE status = ${READY} AND baselines IS NOT NULL ORDER BY created_at DESC, id DESC LIMIT 1`;

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
