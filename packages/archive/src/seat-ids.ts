import type { ArchiveEvent, ArchivePlayerState } from '@coup/archive-format';
import { parseTurns, type ArchiveTurn } from './grammar';

// Which player id sat in which seat. The archive's server wrote, per game, `playerRank`: the ids of the
// winner and of the players it eliminated, last eliminated first, and `playerDisconnect`: the ids of the
// players that left the game while still in it, last to leave first (a player that left is never
// ranked). Its decoder (which made the decoded file and the described compact file) puts the ranked ids
// on the seats in the order of *every* elimination, leavers included, so after a player left the ids
// after it slide onto the wrong seats and the last ones are missing (null, or a shorter list). Both are
// undone here: the seats are ordered as the server ranked them (the leavers left out) and the ids put back.

const faceDown = (s: ArchivePlayerState | undefined) =>
  s ? (s.influence[0]?.revealed ? 0 : 1) + (s.influence[1]?.revealed ? 0 : 1) : 0;

/**
 * The player order of the archive's decoder (its `playerRank`): the players that end each snapshot with
 * no face-down card, in snapshot order and, within one snapshot, in seat order; reversed, the winner first.
 * Null when the GAME_OVER does not leave exactly one player.
 */
export function decoderRank(events: readonly ArchiveEvent[], playerCount: number): number[] | null {
  const out: number[] = [];
  const gone = new Array<boolean>(playerCount).fill(false);
  for (const e of events) {
    if (e.type !== 'START_OF_TURN' && e.type !== 'GAME_OVER') continue;
    e.playerStates.forEach((s, p) => {
      if (p < playerCount && !gone[p] && faceDown(s) === 0) {
        gone[p] = true;
        out.push(p);
      }
    });
  }
  const winner = gone.indexOf(false);
  if (out.length !== playerCount - 1 || winner < 0) return null;
  return [winner, ...out.reverse()];
}

export interface SeatOrder {
  /** Seats as the server ranked them: the winner, then the eliminated players, last eliminated first. */
  ranked: number[];
  /** Seats that left while still in the game, last to leave first (as `playerDisconnect`). */
  leavers: number[];
}

/**
 * The server's ranking of the seats: a player that leaves while it still has a face-down card is not
 * ranked (it is a leaver); the others by when they were eliminated, and within one turn in the order the
 * server takes the cards: a lost challenge of the action, then of the block, then the action itself (the
 * decoder, which sees only snapshots, orders them by seat). Null when the record ends without a winner.
 */
export function serverSeatOrder(events: readonly ArchiveEvent[], playerCount: number): SeatOrder | null {
  const rank = decoderRank(events, playerCount);
  const parsed = parseTurns(events);
  if (!rank || !parsed.ok) return null;
  const left: number[] = [];
  const died: number[] = [];
  for (const t of parsed.game.turns) {
    const S = t.start.playerStates;
    // Cards lost in the turn before a leave: challenges lost, a coup (resolved at once).
    const lostBefore = (p: number, at: string) => {
      let n = 0;
      if (t.action?.action === 'coup' && t.action.target === p) n++;
      const ac = t.actionChallenge;
      if (
        ac &&
        at !== 'before_action' &&
        at !== 'after_action' &&
        (ac.success ? ac.challenged : ac.challenger) === p
      )
        n++;
      const bc = t.blockChallenge;
      if (bc && at === 'after_block_challenge' && (bc.success ? bc.challenged : bc.challenger) === p) n++;
      return n;
    };
    for (const l of t.left)
      if (faceDown(S[l.player]) - lostBefore(l.player, l.at) > 0 && !left.includes(l.player))
        left.push(l.player);
    const loser = (c: ArchiveTurn['actionChallenge']) => (c ? (c.success ? c.challenged : c.challenger) : -1);
    const step = (p: number) => (loser(t.actionChallenge) === p ? 0 : loser(t.blockChallenge) === p ? 1 : 2);
    const dead = S.flatMap((s, p) =>
      faceDown(s) > 0 && faceDown(t.next.playerStates[p]) === 0 && !left.includes(p) ? [p] : [],
    );
    died.push(...dead.sort((x, y) => step(x) - step(y) || x - y));
  }
  const winner = rank[0]!;
  return { ranked: [winner, ...died.filter((p) => p !== winner).reverse()], leavers: left.reverse() };
}

/**
 * The seats' ids from the server's lists (`rankIds`: its playerRank of ids; `leaverIds`: its
 * playerDisconnect, when known). A list that does not fit the seats it should name is not used (its seats
 * stay null): better no id than a wrong one.
 */
export function seatIds(
  order: SeatOrder,
  playerCount: number,
  rankIds: readonly (string | null)[],
  leaverIds: readonly (string | null)[] | null,
): (string | null)[] {
  const ids = new Array<string | null>(playerCount).fill(null);
  if (rankIds.length === order.ranked.length) order.ranked.forEach((p, k) => (ids[p] = rankIds[k] ?? null));
  if (leaverIds && leaverIds.length === order.leavers.length)
    order.leavers.forEach((p, k) => (ids[p] = leaverIds[k] ?? null));
  return ids;
}

/**
 * The ids of a game read by the archive's decoder, put back on their seats: its `playerIds` put the ranked
 * ids on the seats of `decoderRank` in order, so they are read back in that order, then placed as the
 * server ranked them. Unchanged when the list is complete (no player left while in the game).
 */
export function reseatDecoderIds(
  events: readonly ArchiveEvent[],
  playerCount: number,
  playerIds: readonly (string | null)[],
): (string | null)[] {
  const padded = Array.from({ length: playerCount }, (_, p) => playerIds[p] ?? null);
  if (padded.every((id) => id !== null)) return padded;
  const rank = decoderRank(events, playerCount);
  const order = serverSeatOrder(events, playerCount);
  if (!rank || !order) return padded;
  const rankIds: string[] = [];
  for (const p of rank) {
    const id = padded[p];
    if (id === null || id === undefined) break;
    rankIds.push(id);
  }
  if (rankIds.length !== order.ranked.length) return padded;
  return seatIds(order, playerCount, rankIds, null);
}
