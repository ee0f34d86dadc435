import { badRequest } from '../errors';

// Keyset pagination over a dataset's games by ordinal (file order, ascending), the cursor opaque to clients
// as repositories/cursor.ts's (base64url JSON of the last row's ordinal); services/cursor.ts cuts the page.

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
