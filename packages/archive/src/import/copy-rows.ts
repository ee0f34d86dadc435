import type { DecodedGame } from '@coup/archive-format';
import type { ReplayCheck } from '../replay-check';

// Rows of human_games in PostgreSQL's COPY text format (tab-separated, \N for NULL, backslash escapes),
// built as one string per row so a batch is a single write to the COPY stream.

export const HUMAN_GAMES_COPY =
  'COPY human_games (dataset_id, ordinal, game_id, game_type, player_count, player_ids, winner, player_rank, events, replay_status, replay_note, replay_differences) FROM STDIN';

/** A text value escaped for COPY text format. */
function text(s: string): string {
  return /[\\\t\n\r]/.test(s)
    ? s.replace(/[\\\t\n\r]/g, (c) => ({ '\\': '\\\\', '\t': '\\t', '\n': '\\n', '\r': '\\r' })[c]!)
    : s;
}

/**
 * A text[] literal: every element double-quoted (inner " and \ backslashed), then COPY-escaped. A null
 * (an id the record lost) is stored as an empty string: Prisma reads no NULL element in a String[].
 */
function textArray(items: readonly (string | null)[]): string {
  const item = (s: string | null) => `"${(s ?? '').replace(/["\\]/g, (c) => `\\${c}`)}"`;
  return text(`{${items.map(item).join(',')}}`);
}

export function gameRow(
  datasetId: string,
  ordinal: number,
  game: DecodedGame,
  packed: Uint8Array,
  check: ReplayCheck,
): string {
  const note = check.status === 'agreed' ? '\\N' : text(check.note);
  const differences =
    check.status === 'rules_differ' || check.status === 'disagreed' ? check.differences : [];
  return (
    [
      text(datasetId),
      ordinal,
      text(String(game.gameId)),
      game.gameType,
      game.playerCount,
      textArray(game.playerIds),
      game.winner,
      `{${game.playerRank.join(',')}}`,
      // bytea hex input, its backslash doubled for the COPY text format.
      `\\\\x${Buffer.from(packed.buffer, packed.byteOffset, packed.byteLength).toString('hex')}`,
      check.status,
      note,
      textArray(differences),
    ].join('\t') + '\n'
  );
}
