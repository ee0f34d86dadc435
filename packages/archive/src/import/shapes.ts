import { z } from 'zod';
import { dateOf } from '../era';
import { archiveEvent, GAME_TYPES, type DecodedGame } from '@coup/archive-format';
import { decoderRank, reseatDecoderIds, seatIds, serverSeatOrder } from '../seat-ids';
import { decodeBase64, unpackEvents, type UnpackFailure } from '../unpack';

// The three shapes a game of the archive comes in, told apart per game (docs/ARCHIVE.md "The format"):
// - `document`: what the archive's server stored and its export script writes: CouchDB documents `{_id,
//   players (a count), playerRank and playerDisconnect (player ids), gameStarted, gameType, events (packed,
//   base64)}`;
// - `compact`: the described compact shape `{gameId, gameType, playerCount, playerIds, winner, playerRank,
//   events: base64}`;
// - `decoded`: the large file of the archive's own decoder, the same fields with `events` decoded.
// Each is read into a decoded game (seat ids put back where the decoder slid them: seat-ids.ts), with
// what the reader needs next: the game's date (its era) and whether its blockers came from packed bytes.

export type GameEncoding = 'document' | 'compact' | 'decoded';

export interface ShapedGame {
  game: DecodedGame;
  encoding: GameEncoding;
  /** When the game started (ms), if the record says. */
  startedAt: number | null;
  /** The BLOCK events' players were read from packed bytes (which named seat 0 before 2020-05-19). */
  blockBytes: boolean;
}

export type ShapeResult =
  | { ok: true; shaped: ShapedGame }
  | {
      ok: false;
      reason: 'bad_shape' | 'bad_players' | UnpackFailure;
      detail: string;
      encoding: GameEncoding | null;
    };

const id = z.union([z.string(), z.number()]);
const playerId = z.string().nullable();
/** Player ids; an empty one is none (the record lost it), as the stored form writes it. */
const lostAsNull = (ids: readonly (string | null)[]) =>
  ids.includes('') ? ids.map((id) => (id === '' ? null : id)) : ids;
const seat = z.number().int().min(0).max(15);
const playerIds = z.array(playerId).max(16);

const documentGame = z.object({
  _id: id,
  type: z.literal('game').optional(),
  gameType: z.enum(GAME_TYPES),
  /** The number of players (some exports list their ids instead). */
  players: z.union([z.number().int().min(2).max(6), z.array(playerId).min(2).max(6)]),
  playerRank: playerIds,
  playerDisconnect: playerIds.optional(),
  gameStarted: z.unknown().optional(),
  events: z.string(),
});

const common = {
  gameId: id,
  gameType: z.enum(GAME_TYPES),
  playerCount: z.number().int().min(2).max(6),
  playerIds,
  winner: seat,
  playerRank: z.array(z.number().int()).max(16),
  gameStarted: z.unknown().optional(),
};
const compactGame = z.object({ ...common, events: z.string() });
const decodedGameIn = z.object({ ...common, events: z.array(archiveEvent) });

function issues(err: z.ZodError): string {
  const i = err.issues[0];
  return i ? `${i.path.map(String).join('.') || '(game)'}: ${i.message}` : 'invalid';
}

/** Which shape a raw element is in, or null when it is none of them. */
export function shapeOf(raw: unknown): GameEncoding | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const r = raw as Record<string, unknown>;
  if ('_id' in r && !('gameId' in r)) return 'document';
  return typeof r.events === 'string' ? 'compact' : Array.isArray(r.events) ? 'decoded' : null;
}

function unpacked(events: string, playerCount: number, gameType: DecodedGame['gameType']) {
  const bytes = decodeBase64(events);
  if (!bytes) return { ok: false as const, reason: 'bad_base64' as const, at: 0 };
  return unpackEvents(bytes, playerCount, gameType);
}

export function readShape(raw: unknown): ShapeResult {
  const encoding = shapeOf(raw);
  const bad = (detail: string): ShapeResult => ({ ok: false, reason: 'bad_shape', detail, encoding });
  if (encoding === null) return bad('not a game: no gameId or _id, or events neither a string nor an array');

  if (encoding === 'document') {
    const p = documentGame.safeParse(raw);
    if (!p.success) return bad(issues(p.error));
    const d = p.data;
    const playerCount = typeof d.players === 'number' ? d.players : d.players.length;
    const u = unpacked(d.events, playerCount, d.gameType);
    if (!u.ok) return { ok: false, reason: u.reason, detail: `byte ${u.at}`, encoding };
    const rank = decoderRank(u.events, playerCount);
    const order = serverSeatOrder(u.events, playerCount);
    const ids = order
      ? seatIds(
          order,
          playerCount,
          lostAsNull(d.playerRank),
          d.playerDisconnect ? lostAsNull(d.playerDisconnect) : null,
        )
      : new Array<string | null>(playerCount).fill(null);
    const startedAt = dateOf(d.gameStarted);
    return {
      ok: true,
      shaped: {
        game: {
          gameId: d._id,
          gameType: d.gameType,
          playerCount,
          playerIds: ids,
          // No winner (the checker names it: bad_result) when the record does not end with one.
          winner: rank?.[0] ?? 0,
          playerRank: rank ?? [],
          ...(startedAt === null ? {} : { gameStarted: startedAt }),
          events: u.events,
        },
        encoding,
        startedAt,
        blockBytes: true,
      },
    };
  }

  const p = (encoding === 'compact' ? compactGame : decodedGameIn).safeParse(raw);
  if (!p.success) return bad(issues(p.error));
  const g = p.data;
  let events: DecodedGame['events'];
  if (typeof g.events === 'string') {
    const u = unpacked(g.events, g.playerCount, g.gameType);
    if (!u.ok) return { ok: false, reason: u.reason, detail: `byte ${u.at}`, encoding };
    events = u.events;
  } else events = g.events;
  if (g.playerIds.length > g.playerCount)
    return {
      ok: false,
      reason: 'bad_players',
      detail: `${g.playerIds.length} ids for ${g.playerCount} players`,
      encoding,
    };
  const startedAt = dateOf(g.gameStarted);
  return {
    ok: true,
    shaped: {
      game: {
        gameId: g.gameId,
        gameType: g.gameType,
        playerCount: g.playerCount,
        playerIds: reseatDecoderIds(events, g.playerCount, lostAsNull(g.playerIds)),
        winner: g.winner,
        playerRank: g.playerRank,
        ...(startedAt === null ? {} : { gameStarted: startedAt }),
        events,
      },
      encoding,
      startedAt,
      blockBytes: encoding === 'compact',
    },
  };
}
