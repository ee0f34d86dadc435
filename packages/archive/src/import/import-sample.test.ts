import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@coup/db/testing';
import { RULE_DIFFERENCE_NAMES } from '@coup/archive-format';
import { TREASON_SAMPLE_FILES, treasonSamplePath } from '../testing/treason-sample';
import { importDataset } from './import';

// `coup dataset import` on each file of the games the treason server recorded: every game is loaded, the
// re-play reports no disagreement, and the dataset row says which differences of rules were met.

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase();
}, 60_000);

afterAll(async () => {
  await db?.drop();
});

describe('importDataset on the treason sample', () => {
  it.each(TREASON_SAMPLE_FILES.map((f, k) => [f, ['document', 'compact', 'decoded'][k]]))(
    'loads every game of %s (%s), none refused, none disagreed',
    async (file, encoding) => {
      const s = await importDataset({ file: treasonSamplePath(file), databaseUrl: db.url, name: file });
      expect(s).toMatchObject({
        status: 'ready',
        encoding,
        games: 1233,
        loaded: 1233,
        badCount: 0,
        warnings: [],
      });
      expect(s.replay).toMatchObject({ disagreed: 0, reasons: {} });
      expect(s.replay.agreed + s.replay.rulesDiffer).toBe(s.replay.replayed);
      expect(Object.keys(s.replay.differences).sort()).toEqual([...RULE_DIFFERENCE_NAMES].sort());

      const row = await db.prisma.humanDataset.findUniqueOrThrow({ where: { id: s.datasetId! } });
      expect(row).toMatchObject({ status: 'ready', gamesCount: 1233, badCount: 0, encoding });
      expect(row.replayCheck).toMatchObject({ disagreed: 0, differences: s.replay.differences });
      const differing = await db.prisma.humanGame.count({
        where: { datasetId: s.datasetId!, replayStatus: 'rules_differ' },
      });
      expect(differing).toBe(s.replay.rulesDiffer);
      const refunds = await db.prisma.humanGame.count({
        where: { datasetId: s.datasetId!, replayDifferences: { has: 'assassination_refund' } },
      });
      expect(refunds).toBe(s.replay.differences.assassination_refund);
      // Seats whose id the record lost (a person who left) are stored as unknown (""), not dropped.
      const withGaps = await db.prisma.$queryRaw<{ n: bigint }[]>`
        SELECT count(*) AS n FROM human_games WHERE dataset_id = ${s.datasetId} AND '' = ANY (player_ids)`;
      if (file === 'games.json.gz') expect(Number(withGaps[0]!.n)).toBe(0);
      else expect(Number(withGaps[0]!.n)).toBeGreaterThan(0);
    },
    120_000,
  );
});
