import { decodedGame, gameTimelineOf, humanBaselines, unpackEvents } from '@coup/archive';
import { ReplayCheck } from '@coup/api-contract';
import type { HumanDataset, HumanGame } from '@coup/db';
import { HttpError } from '../plugins/errors';

// Human datasets as the API presents them: stored rows -> contract shapes. Stored JSON (replay check,
// bad reasons, baselines) is written by the importer; it is parsed here, and a value that does not fit the
// contract is shown as null (or {}) rather than failing the response.

type DatasetRow = Omit<HumanDataset, 'baselines' | 'badReasons'>;

/** The stored replay check, read leniently: reasons may be missing (none). */
const storedReplayCheck = ReplayCheck.extend({ reasons: ReplayCheck.shape.reasons.default({}) });

const isHuman = (id: string) => id !== 'ai';

export function presentDataset(d: DatasetRow, publicUrl: string) {
  const check = storedReplayCheck.safeParse(d.replayCheck);
  return {
    id: d.id,
    kind: 'human' as const,
    name: d.name,
    sourceFile: d.sourceFile,
    encoding: d.encoding,
    status: d.status as 'importing' | 'ready' | 'failed',
    gamesCount: d.gamesCount,
    badCount: d.badCount,
    replayCheck: check.success ? check.data : null,
    createdAt: d.createdAt.toISOString(),
    finishedAt: d.finishedAt?.toISOString() ?? null,
    links: {
      self: `${publicUrl}/v1/datasets/${d.id}`,
      games: `${publicUrl}/v1/datasets/${d.id}/games`,
    },
  };
}

export function presentDatasetDetail(d: HumanDataset, publicUrl: string) {
  const reasons = ReplayCheck.shape.reasons.safeParse(d.badReasons);
  const baselines = humanBaselines.safeParse(d.baselines);
  return {
    ...presentDataset(d, publicUrl),
    badReasons: reasons.success ? reasons.data : {},
    baselines: baselines.success ? baselines.data : null,
  };
}

type GameType = 'original' | 'inquisitors';
type Replayed = 'agreed' | 'disagreed' | 'not_replayed';

/** The stored packed events, unpacked; a stream that does not read is a 409 (the import let it through). */
function unpacked(g: Pick<HumanGame, 'events' | 'playerCount' | 'gameType' | 'ordinal'>) {
  const r = unpackEvents(g.events, g.playerCount, g.gameType as GameType);
  if (!r.ok) {
    throw new HttpError(409, 'game_unreadable', `game ${g.ordinal}'s stored events do not read: ${r.reason}`);
  }
  return r.events;
}

export function presentGameRow(g: Omit<HumanGame, 'replayNote'>) {
  return {
    ordinal: g.ordinal,
    gameId: g.gameId,
    gameType: g.gameType as GameType,
    playerCount: g.playerCount,
    winner: g.winner,
    humans: g.playerIds.filter(isHuman).length,
    turns: unpacked(g).filter((e) => e.type === 'START_OF_TURN').length,
    replayStatus: g.replayStatus as Replayed,
  };
}

export function presentGame(g: HumanGame) {
  const events = unpacked(g);
  // The row and its events are checked against the archive's own schema before they are served.
  const game = decodedGame.safeParse({
    gameId: g.gameId,
    gameType: g.gameType,
    playerCount: g.playerCount,
    playerIds: g.playerIds,
    winner: g.winner,
    playerRank: g.playerRank,
    events,
  });
  if (!game.success) {
    throw new HttpError(409, 'game_unreadable', `game ${g.ordinal} does not fit the archive's format`);
  }
  const timeline = gameTimelineOf(events, game.data.gameType);
  return {
    kind: 'human' as const,
    datasetId: g.datasetId,
    ordinal: g.ordinal,
    gameId: g.gameId,
    gameType: game.data.gameType,
    playerCount: g.playerCount,
    players: g.playerIds.map((id, seat) => ({ seat, id, human: isHuman(id) })),
    winner: g.winner,
    playerRank: g.playerRank,
    replayStatus: g.replayStatus as Replayed,
    replayNote: g.replayNote,
    events,
    timeline,
    final: timeline.final,
  };
}
