import { badRequest } from '../plugins/errors';

// Keyset pagination over a dataset's games by ordinal (file order, ascending), the cursor opaque to clients
// as services/cursor.ts's (base64url JSON of the last row's ordinal).

export function encodeOrdinalCursor(ordinal: number): string {
  return Buffer.from(JSON.stringify({ o: ordinal })).toString('base64url');
}

export function decodeOrdinalCursor(cursor: string | undefined): number | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { o?: unknown };
    if (typeof v.o === 'number' && Number.isSafeInteger(v.o) && v.o >= 0) return v.o;
  } catch {
    // fall through
  }
  throw badRequest('cursor: not a cursor returned by this API');
}

export const afterOrdinal = (o: number | null) => (o === null ? {} : { ordinal: { gt: o } });

/** Splits `limit + 1` fetched rows into a page and the next cursor. */
export function ordinalPage<T extends { ordinal: number }>(rows: T[], limit: number) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeOrdinalCursor(last.ordinal) : null };
}
