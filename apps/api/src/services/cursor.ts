import { encodeCursor } from '../repositories/cursor';
import { encodeOrdinalCursor } from '../repositories/ordinal-cursor';

/** Splits `limit + 1` fetched rows into a page and the next cursor (its format: repositories/cursor.ts). */
export function page<T extends { createdAt: Date; id: string }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(last) : null };
}

/** The same for a dataset's games, paged by ordinal (repositories/ordinal-cursor.ts). */
export function ordinalPage<T extends { ordinal: number }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeOrdinalCursor(last.ordinal) : null };
}
