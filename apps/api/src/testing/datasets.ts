import { newBaselineAccumulator, packEvents } from '@coup/archive';
import type { DecodedGame, HumanBaselines, RuleDifference } from '@coup/archive';
import { newId, ID_PREFIX } from '@coup/db';
import type { PrismaClient } from '@coup/db';

// Human datasets for tests, inserted directly (the importer is `coup dataset import`): the games packed as
// the importer stores them, the baselines computed over them.

export interface TestDataset {
  name?: string;
  status?: 'importing' | 'ready' | 'failed';
  games: DecodedGame[];
  /** Per game (by index); `agreed` for original games and `not_replayed` for inquisitors by default. */
  replayStatus?: (
    game: DecodedGame,
    index: number,
  ) => 'agreed' | 'rules_differ' | 'disagreed' | 'not_replayed';
  /** Per game (by index): the known differences of rules it shows (none by default). */
  replayDifferences?: (game: DecodedGame, index: number) => RuleDifference[];
  warnings?: string[];
  badReasons?: Record<string, number>;
  createdAt?: Date;
  /** Stored as is instead of the computed baselines (null for none). */
  baselines?: HumanBaselines | null;
}

export async function insertHumanDataset(prisma: PrismaClient, d: TestDataset): Promise<string> {
  const id = newId(ID_PREFIX.humanDataset);
  const acc = newBaselineAccumulator();
  for (const g of d.games) acc.add(g);
  const status = (g: DecodedGame, i: number) =>
    d.replayStatus?.(g, i) ?? (g.gameType === 'original' ? 'agreed' : 'not_replayed');
  const statuses = d.games.map(status);
  const differencesOf = d.games.map((g, i) => d.replayDifferences?.(g, i) ?? []);
  const differences: Record<string, number> = {};
  for (const names of differencesOf) for (const n of names) differences[n] = (differences[n] ?? 0) + 1;
  const badReasons = d.badReasons ?? {};
  await prisma.humanDataset.create({
    data: {
      id,
      name: d.name ?? `test-${id.slice(-6)}`,
      sourceFile: 'games.json',
      encoding: 'decoded',
      status: d.status ?? 'ready',
      gamesCount: d.games.length,
      badCount: Object.values(badReasons).reduce((a, b) => a + b, 0),
      badReasons,
      replayCheck: {
        replayed: statuses.filter((s) => s !== 'not_replayed').length,
        agreed: statuses.filter((s) => s === 'agreed').length,
        rulesDiffer: statuses.filter((s) => s === 'rules_differ').length,
        disagreed: statuses.filter((s) => s === 'disagreed').length,
        differences,
        reasons: statuses.includes('disagreed')
          ? { coins_differ: statuses.filter((s) => s === 'disagreed').length }
          : {},
      },
      baselines: d.baselines === undefined ? acc.result() : (d.baselines ?? undefined),
      warnings: d.warnings ?? [],
      ...(d.createdAt ? { createdAt: d.createdAt } : {}),
      finishedAt: new Date(),
    },
  });
  await prisma.humanGame.createMany({
    data: d.games.map((g, i) => ({
      datasetId: id,
      ordinal: i + 1,
      gameId: String(g.gameId),
      gameType: g.gameType,
      playerCount: g.playerCount,
      // As the importer stores them: an id the record lost is an empty string.
      playerIds: g.playerIds.map((id) => id ?? ''),
      winner: g.winner,
      playerRank: g.playerRank,
      events: new Uint8Array(packEvents(g.events)),
      replayStatus: statuses[i]!,
      replayNote: statuses[i] === 'disagreed' ? 'coins differ at turn 3' : null,
      replayDifferences: differencesOf[i]!,
    })),
  });
  return id;
}
