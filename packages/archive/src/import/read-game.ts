import { checkGame } from '../check';
import type { BadGameReason } from '../reasons';
import { compactGame, decodedGame, type DecodedGame } from '../format';
import { packEvents } from '../pack';
import { fromCompactGame } from '../unpack';
import { markUnknownBlockers, repairBlockers } from './repair';

// One element of an imported file, whichever file it came from: a compact game (events a base64 string)
// or a decoded one (events an array), told apart per game. Parsed with zod, unpacked, blockers rebuilt,
// checked. A good game comes back decoded and packed (the bytes human_games stores).

export type GameEncoding = 'compact' | 'decoded';

export type ReadGame =
  | { ok: true; game: DecodedGame; packed: Uint8Array; encoding: GameEncoding }
  | { ok: false; reason: BadGameReason; detail: string; encoding: GameEncoding | null };

function issues(err: { issues: { path: PropertyKey[]; message: string }[] }): string {
  const i = err.issues[0];
  return i ? `${i.path.map(String).join('.') || '(game)'}: ${i.message}` : 'invalid';
}

export function readGame(raw: unknown): ReadGame {
  const events = typeof raw === 'object' && raw !== null ? (raw as { events?: unknown }).events : undefined;
  const encoding: GameEncoding | null =
    typeof events === 'string' ? 'compact' : Array.isArray(events) ? 'decoded' : null;
  let game: DecodedGame;
  if (encoding === 'compact') {
    const parsed = compactGame.safeParse(raw);
    if (!parsed.success) return { ok: false, reason: 'bad_shape', detail: issues(parsed.error), encoding };
    const decoded = fromCompactGame(parsed.data);
    if (!decoded.ok) return { ok: false, reason: decoded.reason, detail: `byte ${decoded.at}`, encoding };
    game = decoded.game;
  } else if (encoding === 'decoded') {
    markUnknownBlockers(raw);
    const parsed = decodedGame.safeParse(raw);
    if (!parsed.success) return { ok: false, reason: 'bad_shape', detail: issues(parsed.error), encoding };
    game = parsed.data;
  } else
    return {
      ok: false,
      reason: 'bad_shape',
      detail: 'events: neither a base64 string nor an array',
      encoding,
    };

  // Postgres text cannot hold a NUL character: such an id would fail the whole COPY batch.
  if ([String(game.gameId), ...game.playerIds].some((s) => s.includes('\u0000')))
    return { ok: false, reason: 'bad_shape', detail: 'a NUL character in gameId or playerIds', encoding };
  game = repairBlockers(game);
  const checked = checkGame(game);
  if (!checked.ok) return { ...checked, encoding };
  try {
    return { ok: true, game, packed: packEvents(game.events), encoding };
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
