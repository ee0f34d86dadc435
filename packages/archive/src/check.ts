import { UNKNOWN_ERA, type TreasonEra } from './era';
import type { ArchiveEvent, DecodedGame } from '@coup/archive-format';
import { parseTurns } from './grammar';
import { fail, type CheckResult } from './reasons';
import { COPIES_PER_ROLE } from './rules';
import { checkTurn, isAlive, nextAlive } from './turn-check';

export { BAD_GAME_REASONS, type BadGameReason, type CheckResult } from './reasons';

// A decoded game against the archive's grammar and against itself: player indices in range, snapshots of
// the right shape and cards, each turn's declarations legal and its closing snapshot explained by its events
// (checkTurn), and the result consistent with the last snapshot. The first problem found is the game's one
// reason (reasons.ts); docs/ARCHIVE.md explains each.

function playersNamed(e: ArchiveEvent): number[] {
  switch (e.type) {
    case 'START_OF_TURN':
      return [e.whoseTurn];
    case 'ACTION':
      return e.target === undefined ? [] : [e.target];
    case 'BLOCK':
      return [e.blockingPlayer];
    case 'CHALLENGE_SUCCESS':
    case 'CHALLENGE_FAIL':
      return [e.challenger, e.challenged];
    case 'PLAYER_LEFT':
      return [e.player];
    case 'GAME_OVER':
      return [];
  }
}

const ROLE_INDEX: Record<string, number> = {
  duke: 0,
  captain: 1,
  assassin: 2,
  ambassador: 3,
  inquisitor: 3,
  contessa: 4,
};

function checkSnapshots(game: DecodedGame): CheckResult {
  // Runs for every snapshot of every imported game: plain loops and one counts array, no Map or Set.
  const other = game.gameType === 'original' ? 'inquisitor' : 'ambassador';
  const count = [0, 0, 0, 0, 0];
  for (const e of game.events) {
    if (e.type !== 'START_OF_TURN' && e.type !== 'GAME_OVER') continue;
    if (e.playerStates.length !== game.playerCount)
      return fail(
        'bad_player_states',
        `${e.playerStates.length} player states for ${game.playerCount} players`,
      );
    count.fill(0);
    for (const s of e.playerStates) {
      if (s.influence.length !== 2)
        return fail('bad_player_states', `a player with ${s.influence.length} cards`);
      for (const c of s.influence) {
        if (c.role === other) return fail('bad_roles', `the ${c.role} in a ${game.gameType} game`);
        const k = ROLE_INDEX[c.role]!;
        if (++count[k]! > COPIES_PER_ROLE)
          return fail('bad_roles', `more than ${COPIES_PER_ROLE} copies of the ${c.role} at the table`);
      }
    }
  }
  return { ok: true };
}

function checkResult(game: DecodedGame, final: ArchiveEvent & { type: 'GAME_OVER' }): CheckResult {
  const n = game.playerCount;
  const rank = game.playerRank;
  if (rank.length !== n || new Set(rank).size !== n || rank.some((p) => p < 0 || p >= n))
    return fail('bad_result', `playerRank ${JSON.stringify(rank)} is not an order of the ${n} players`);
  if (game.winner >= n || rank[0] !== game.winner)
    return fail('bad_result', `winner ${game.winner} is not first in playerRank`);
  const alive = final.playerStates.flatMap((s, p) => (isAlive(s) ? [p] : []));
  if (alive.length !== 1) return fail('bad_result', `${alive.length} players survive the GAME_OVER`);
  if (alive[0] !== game.winner)
    return fail('bad_result', `player ${alive[0]} survives, the winner is ${game.winner}`);
  return { ok: true };
}

/**
 * Checks one decoded game (parsed with `decodedGame`) by the rules of its era (era.ts; what the era does
 * not say is tried both ways). Never throws.
 */
export function checkGame(game: DecodedGame, era: TreasonEra = UNKNOWN_ERA): CheckResult {
  const n = game.playerCount;
  if (game.playerIds.length !== n)
    return fail('bad_players', `${game.playerIds.length} ids for ${n} players`);
  const parsed = parseTurns(game.events);
  if (!parsed.ok) {
    const e = game.events[parsed.at];
    const noAction = e?.type === 'START_OF_TURN' || e?.type === 'GAME_OVER';
    return fail(
      noAction && parsed.detail.includes('before the turn') ? 'turn_without_action' : 'bad_sequence',
      `event ${parsed.at}: ${parsed.detail}`,
    );
  }
  for (let i = 0; i < game.events.length; i++) {
    const bad = playersNamed(game.events[i]!).find((p) => p >= n);
    if (bad !== undefined) return fail('player_out_of_range', `event ${i} names player ${bad}`);
  }
  const snapshots = checkSnapshots(game);
  if (!snapshots.ok) return snapshots;
  const { turns, gameOver } = parsed.game;
  for (let k = 0; k < turns.length; k++) {
    const t = turns[k]!;
    if (k > 0) {
      const want = nextAlive(t.start.playerStates, turns[k - 1]!.start.whoseTurn);
      if (want !== t.start.whoseTurn)
        return fail('bad_turn', `event ${t.index}: player ${t.start.whoseTurn} plays, expected ${want}`);
    }
    const r = checkTurn(t, game.gameType, era);
    if (!r.ok) return { ...r, detail: `turn at event ${t.index}: ${r.detail}` };
  }
  return checkResult(game, gameOver);
}
