import { replayStart, replaySteps, type Replay } from '@coup/protocol';
import type { GameState } from '@coup/engine';
import type { ArchiveEvent, ArchivePlayerState, CompactGame, DecodedGame } from '@coup/archive-format';
import { toCompactGame } from './pack';
import { decoderRank } from './seat-ids';

// One of our finished matches as an archive game record (decoded and packed). The replay is re-run
// (replaySteps) so every turn's snapshot is the omniscient state at its start. Our engine's events map to
// the archive's: declared -> ACTION, challenged -> CHALLENGE_FAIL (the claim was true) or CHALLENGE_SUCCESS,
// blocked -> BLOCK, forfeited -> PLAYER_LEFT; the rest (cards shown and lost, exchanges, coins) show in the
// next snapshot. What the archive cannot express is written as docs/ARCHIVE.md "Export" says and listed in
// `notes`:
// - a turn whose player forfeited before declaring (no ACTION: the grammar has no such turn) is left out,
//   and its PLAYER_LEFT joins the previous turn (or, on the very first turn, follows the next START_OF_TURN);
// - a turn-cap end (several survivors): GAME_OVER shows them all; `winner` is the first of the best place
//   and `playerRank` the places flattened; the checker refuses such a record (`bad_result`).

export interface TreasonExport {
  decoded: DecodedGame;
  compact: CompactGame;
  /** What the archive format could not say exactly (empty for most matches). */
  notes: string[];
}

export type FromReplayResult = { ok: true; game: TreasonExport } | { ok: false; error: string };

type Rerunnable = Pick<
  Replay,
  'matchId' | 'players' | 'seed' | 'setup' | 'engineVersion' | 'steps' | 'ranking' | 'startedAt'
>;

function snapshot(s: GameState): ArchivePlayerState[] {
  return s.players.map((p) => ({
    cash: p.coins,
    influence: p.cards.map((c) => ({ role: c.role, revealed: c.revealed })),
  }));
}

export interface FromReplayOptions {
  /** The archive's `playerIds`; default each seat's agent id (or name). */
  playerIds?: string[];
}

/** Exports a finished match (its replay) in the archive's format. Never throws. */
export function fromReplay(replay: Rerunnable, opts: FromReplayOptions = {}): FromReplayResult {
  const events: ArchiveEvent[] = [];
  const notes: string[] = [];
  /** PLAYER_LEFTs of an action-less turn, waiting for a place in the grammar. */
  let pendingLeft: ArchiveEvent[] = [];
  /** The open turn: its START_OF_TURN, and whether it has had its ACTION. */
  let turn: { start: ArchiveEvent; acted: boolean; left: ArchiveEvent[] } | null = null;
  let final: GameState | null = null;

  const closeTurn = () => {
    if (!turn) return;
    if (!turn.acted) {
      notes.push(
        `a turn of seat ${(turn.start as { whoseTurn: number }).whoseTurn} ended before its action (forfeit): left out`,
      );
      pendingLeft.push(...turn.left);
    }
    turn = null;
  };
  const openTurn = (s: GameState) => {
    closeTurn();
    turn = {
      start: { type: 'START_OF_TURN', whoseTurn: s.activeSeat, playerStates: snapshot(s) },
      acted: false,
      left: [],
    };
  };
  const emit = (e: ArchiveEvent) => {
    if (!turn) return pendingLeft.push(e);
    if (!turn.acted && e.type === 'PLAYER_LEFT') return turn.left.push(e);
    if (!turn.acted) {
      // The turn is real: write its START_OF_TURN, then the leavers waiting for a turn, then this event.
      events.push(turn.start, ...pendingLeft, ...turn.left);
      pendingLeft = [];
      turn.left = [];
      turn.acted = true;
    }
    events.push(e);
  };

  try {
    const start = replayStart(replay);
    final = start;
    openTurn(start);
    for (const run of replaySteps(replay, start)) {
      if (run.rejected)
        return {
          ok: false,
          error: `the replay does not re-run at steps[${run.index}]: ${run.rejected.message}`,
        };
      for (const e of run.events) {
        if (e.type === 'declared') {
          const action = e.action === 'foreign_aid' ? 'foreign-aid' : e.action;
          emit(e.target === null ? { type: 'ACTION', action } : { type: 'ACTION', action, target: e.target });
        } else if (e.type === 'challenged') {
          const type = e.truthful ? 'CHALLENGE_FAIL' : 'CHALLENGE_SUCCESS';
          emit({ type, challenger: e.seat, challenged: e.challenged });
        } else if (e.type === 'blocked')
          emit({ type: 'BLOCK', blockingPlayer: e.seat, blockingRole: e.role });
        else if (e.type === 'forfeited') emit({ type: 'PLAYER_LEFT', player: e.seat });
        else if (e.type === 'turn_started') {
          closeTurn();
          // PLAYER_LEFTs of a left-out turn belong at the end of the previous (written) turn.
          if (events.length > 0) {
            events.push(...pendingLeft);
            pendingLeft = [];
          }
          openTurn(run.after);
        }
      }
      final = run.after;
    }
  } catch (err) {
    return { ok: false, error: err instanceof Error ? err.message : String(err) };
  }
  if (!final || final.phase !== 'game_over') return { ok: false, error: 'the match is not over' };
  closeTurn();
  events.push(...pendingLeft, { type: 'GAME_OVER', playerStates: snapshot(final) });
  if (final.endReason === 'turn_cap') notes.push('ended at the turn cap: GAME_OVER shows several survivors');

  // The archive's playerRank, as its decoder makes it (seat-ids.ts): players out in the same turn are
  // ordered by seat, not by which card went first; a turn-cap end (no single winner) keeps our ranking.
  const rank = decoderRank(events, replay.players.length) ?? replay.ranking.flat();
  const decoded: DecodedGame = {
    gameId: replay.matchId,
    gameType: 'original',
    playerCount: replay.players.length,
    playerIds: opts.playerIds ?? replay.players.map((p) => p.agentId ?? p.name),
    winner: rank[0]!,
    playerRank: rank,
    // The date tells a reader the rules and recorder of the day: BLOCK bytes name the blocker (a foreign-aid
    // blocker nobody challenged included), as the archive's server writes them since 2020-05-19.
    gameStarted: replay.startedAt,
    events,
  };
  return { ok: true, game: { decoded, compact: toCompactGame(decoded), notes } };
}
