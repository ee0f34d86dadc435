import {
  decodedGame,
  gameTimelineOf,
  humanBaselines,
  RULE_DIFFERENCE_NAMES,
  RULE_DIFFERENCES,
  unpackEvents,
  type RuleDifference,
} from '@coup/archive';
import { ReplayCheck } from '@coup/api-contract';
import type { HumanDataset, HumanGame } from '@coup/db';
import { HttpError } from '../errors';

// Human datasets as the API presents them: stored rows -> contract shapes. Stored JSON (replay check,
// bad reasons, baselines) is written by the importer; it is parsed here, and a value that does not fit the
// contract is shown as null (or {}) rather than failing the response.

type DatasetRow = Omit<HumanDataset, 'baselines' | 'badReasons'>;

/**
 * The stored replay check, read leniently: what older imports did not count (rules differences,
 * disagreement reasons) is none.
 */
const storedReplayCheck = ReplayCheck.extend({
  rulesDiffer: ReplayCheck.shape.rulesDiffer.default(0),
  differences: ReplayCheck.shape.differences.default({}),
  reasons: ReplayCheck.shape.reasons.default({}),
});

/** A seat whose id the record lost is stored as "" (shown as null): whether it is a person is unknown. */
const isHuman = (id: string | null) => (id === null ? null : id !== 'ai');
const seatIds = (g: Pick<HumanGame, 'playerIds'>) => g.playerIds.map((id) => (id === '' ? null : id));

/** A stored difference name this version knows, said in words (an unknown name is left out). */
const knownDifference = (d: string): d is RuleDifference => (RULE_DIFFERENCE_NAMES as string[]).includes(d);
const describe = (name: RuleDifference) => ({ name, description: RULE_DIFFERENCES[name] });

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
    warnings: d.warnings ?? [],
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
  const dataset = presentDataset(d, publicUrl);
  const differences = Object.entries(dataset.replayCheck?.differences ?? {})
    .flatMap(([name, games]) => (knownDifference(name) && games ? [{ ...describe(name), games }] : []))
    .sort((a, b) => b.games - a.games);
  return {
    ...dataset,
    badReasons: reasons.success ? reasons.data : {},
    ruleDifferences: differences,
    baselines: baselines.success ? baselines.data : null,
  };
}

type GameType = 'original' | 'inquisitors';
type Replayed = 'agreed' | 'rules_differ' | 'disagreed' | 'not_replayed';

/** The stored packed events, unpacked; a stream that does not read is a 409 (the import let it through). */
function unpacked(g: Pick<HumanGame, 'events' | 'playerCount' | 'gameType' | 'ordinal'>) {
  const r = unpackEvents(g.events, g.playerCount, g.gameType as GameType);
  if (!r.ok) {
    throw new HttpError(409, 'game_unreadable', `game ${g.ordinal}'s stored events do not read: ${r.reason}`);
  }
  return r.events;
}

export function presentGameRow(g: Omit<HumanGame, 'replayNote' | 'replayDifferences'>) {
  return {
    ordinal: g.ordinal,
    gameId: g.gameId,
    gameType: g.gameType as GameType,
    playerCount: g.playerCount,
    winner: g.winner,
    humans: seatIds(g).filter((id) => isHuman(id) === true).length,
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
    playerIds: seatIds(g),
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
    players: seatIds(g).map((id, seat) => ({ seat, id, human: isHuman(id) })),
    winner: g.winner,
    playerRank: g.playerRank,
    replayStatus: g.replayStatus as Replayed,
    replayNote: g.replayNote,
    replayDifferences: (g.replayDifferences ?? []).filter(knownDifference).map(describe),
    events,
    timeline,
    final: timeline.final,
  };
}
