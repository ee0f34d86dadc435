import { checkGame } from '../check';
import type { TreasonEra } from '../era';
import type { DecodedGame } from '@coup/archive-format';
import { packEvents } from '../pack';
import type { BadGameReason } from '../reasons';
import { settleBlockers } from './blockers';
import { readShape, type GameEncoding } from './shapes';

// One element of an imported file, whichever shape it is in (shapes.ts: the server's documents, the
// described compact shape or the decoded file, told apart per game): parsed with zod, unpacked, seat ids
// put back, blockers and era settled (blockers.ts), checked by the rules of its era. A good game comes back
// decoded and packed (the bytes human_games stores).

export type { GameEncoding } from './shapes';

export type ReadGame =
  | {
      ok: true;
      game: DecodedGame;
      packed: Uint8Array;
      encoding: GameEncoding;
      era: TreasonEra;
      /** Blocks whose blocker the record does not tell (-1). */
      unknownBlockers: number;
    }
  | { ok: false; reason: BadGameReason; detail: string; encoding: GameEncoding | null };

export function readGame(raw: unknown): ReadGame {
  const shaped = readShape(raw);
  if (!shaped.ok) return shaped;
  const { encoding, startedAt, blockBytes } = shaped.shaped;
  const g = shaped.shaped.game;
  // Postgres text cannot hold a NUL character: such an id would fail the whole COPY batch.
  if ([String(g.gameId), ...g.playerIds].some((s) => s?.includes('\u0000')))
    return { ok: false, reason: 'bad_shape', detail: 'a NUL character in gameId or playerIds', encoding };
  const { game, era, unknownBlockers } = settleBlockers(g, startedAt, blockBytes);
  const checked = checkGame(game, era);
  if (!checked.ok) return { ...checked, encoding };
  try {
    return { ok: true, game, packed: packEvents(game.events), encoding, era, unknownBlockers };
  } catch (err) {
    // Only values the packed format cannot hold get here (the checks above leave none); never a crash.
    return {
      ok: false,
      reason: 'bad_shape',
      detail: err instanceof Error ? err.message : String(err),
      encoding,
    };
  }
}
