import type { DecodedGame } from '../format';
import { parseTurns } from '../grammar';

// The archive's server recorded every BLOCK's player as 0 in the packed stream (its own reader says so
// and rebuilds it), and the decoded file writes -1 where it could not. We rebuild it the same way: the
// player whose block was challenged, else the target of a steal or assassination; a foreign-aid block with
// no challenge keeps what was written (0, which the checker refuses when 0 could not have blocked).
// A valid game's blockers are already these players, so round trips are unchanged.

/** In the raw decoded JSON (before zod): a -1 blocker becomes 15, an index no game has, to be rebuilt. */
export const UNKNOWN_BLOCKER = 15;

export function repairBlockers(game: DecodedGame): DecodedGame {
  const parsed = parseTurns(game.events);
  if (!parsed.ok) return game;
  let events = game.events;
  for (const t of parsed.game.turns) {
    if (!t.block) continue;
    const want =
      t.blockChallenge?.challenged ?? (t.action.target !== undefined ? t.action.target : undefined);
    if (want === undefined || want === t.block.blockingPlayer) continue;
    if (events === game.events) events = [...game.events];
    const i = events.indexOf(t.block);
    events[i] = { ...t.block, blockingPlayer: want };
  }
  return events === game.events ? game : { ...game, events };
}

/** Replaces -1 blockers of a raw decoded game (unknown JSON) so that the schema can read it. */
export function markUnknownBlockers(raw: unknown): void {
  if (typeof raw !== 'object' || raw === null) return;
  const events = (raw as { events?: unknown }).events;
  if (!Array.isArray(events)) return;
  for (const e of events as unknown[]) {
    if (typeof e === 'object' && e !== null && (e as { type?: unknown }).type === 'BLOCK') {
      const b = e as { blockingPlayer?: unknown };
      if (b.blockingPlayer === -1) b.blockingPlayer = UNKNOWN_BLOCKER;
    }
  }
}
