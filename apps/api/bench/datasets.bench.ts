// Browsing a large human dataset (200,000 games by default, BENCH_GAMES to change) through the API's
// queries: the first page, a page deep in the file (keyset on the ordinal: no OFFSET), filtered pages
// (common and rare values), and one game decoded with its timeline. Goal: every page well under 100 ms.
// Run: npm run bench -w @coup/api (needs the machine's Postgres; a database of its own, dropped after).
import { packEvents } from '@coup/archive';
import { randomGame } from '@coup/archive/testing';
import { ID_PREFIX, newId } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import { DatasetGamesQuery } from '@coup/api-contract';
import { findDatasetGame, listDatasetGames } from '../src/repositories/datasets';
import { presentGame, presentGameRow } from '../src/services/datasets';
import { encodeOrdinalCursor } from '../src/repositories/ordinal-cursor';

const GAMES = Number(process.env.BENCH_GAMES ?? 200_000);
const db = await createTestDatabase();
try {
  const prisma = db.prisma;
  const id = newId(ID_PREFIX.humanDataset);
  await prisma.humanDataset.create({
    data: {
      id,
      name: 'bench',
      sourceFile: 'bench.json',
      encoding: 'compact',
      status: 'ready',
      gamesCount: GAMES,
    },
  });
  const pool = Array.from({ length: 1000 }, (_, i) =>
    randomGame(i + 1, { gameType: i % 10 === 9 ? 'inquisitors' : 'original', aiSeats: i % 3 ? [] : [0] }),
  );
  const packed = pool.map((g) => new Uint8Array(packEvents(g.events)));
  const t0 = performance.now();
  // The pool's 1000 games, then copied by Postgres itself up to GAMES (fast, and the same rows as an import).
  await prisma.humanGame.createMany({
    data: pool.map((g, i) => ({
      datasetId: id,
      ordinal: i + 1,
      gameId: String(i + 1),
      gameType: g.gameType,
      playerCount: g.playerCount,
      playerIds: g.playerIds.map((id) => id ?? ''),
      winner: g.winner,
      playerRank: g.playerRank,
      events: packed[i]!,
      // One original game in 1000 disagrees: a rare filter value.
      replayStatus: g.gameType === 'inquisitors' ? 'not_replayed' : i === 7 ? 'disagreed' : 'agreed',
    })),
  });
  await prisma.$executeRawUnsafe(
    `INSERT INTO human_games (dataset_id, ordinal, game_id, game_type, player_count, player_ids, winner,
       player_rank, events, replay_status)
     SELECT dataset_id, ordinal + k * 1000, (ordinal + k * 1000)::text, game_type, player_count, player_ids,
       winner, player_rank, events, replay_status
     FROM human_games CROSS JOIN generate_series(1, $1::int) AS k
     WHERE dataset_id = $2 AND ordinal + k * 1000 <= $3`,
    Math.ceil(GAMES / 1000) - 1,
    id,
    GAMES,
  );
  await prisma.$executeRawUnsafe('ANALYZE human_games');
  console.log(
    `datasets: ${GAMES.toLocaleString('en')} games inserted in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );

  const time = async (label: string, query: Record<string, string>) => {
    const q = DatasetGamesQuery.parse({ limit: '25', ...query });
    await listDatasetGames(prisma, id, q); // warm-up
    const runs = 10;
    let queryMs = 0;
    let presentMs = 0;
    let n = 0;
    for (let r = 0; r < runs; r++) {
      const a = performance.now();
      const rows = await listDatasetGames(prisma, id, q);
      const b = performance.now();
      n = rows.map(presentGameRow).length;
      presentMs += performance.now() - b;
      queryMs += b - a;
    }
    console.log(
      `datasets: ${label}: ${((queryMs + presentMs) / runs).toFixed(1)} ms per page of ${n - 1} ` +
        `(query ${(queryMs / runs).toFixed(1)} ms, unpacking the rows ${(presentMs / runs).toFixed(1)} ms)`,
    );
  };
  await time('first page', {});
  await time('a page at ordinal 150,000', { cursor: encodeOrdinalCursor(Math.min(150_000, GAMES - 100)) });
  await time('gameType=inquisitors', { gameType: 'inquisitors' });
  await time('playerCount=6', { playerCount: '6' });
  await time('replayStatus=disagreed (1 in 1000)', { replayStatus: 'disagreed' });
  const s = performance.now();
  for (let r = 0; r < 100; r++) presentGame((await findDatasetGame(prisma, id, 1 + r * 997))!);
  console.log(
    `datasets: one game decoded with its timeline: ${((performance.now() - s) / 100).toFixed(2)} ms`,
  );
  console.log('goal: every page well under 100 ms');
} finally {
  await db.drop();
}
