import { badRequest } from '../errors';

// Keyset pagination over (createdAt desc, id desc): stable under inserts, no OFFSET scans. The cursor is
// opaque to clients (base64url JSON of the last row's keys). Its format and the `where` it becomes live
// here, beside the queries; services/cursor.ts cuts a fetched page and encodes the next cursor.

export interface CursorKey {
  t: string; // ISO timestamp
  id: string;
}

export function encodeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(JSON.stringify({ t: row.createdAt.toISOString(), id: row.id })).toString('base64url');
}

export function decodeCursor(cursor: string | undefined): CursorKey | null {
  if (!cursor) return null;
  try {
    const v = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorKey>;
    if (typeof v.t === 'string' && typeof v.id === 'string' && !Number.isNaN(Date.parse(v.t))) {
      return { t: v.t, id: v.id };
    }
  } catch {
    // fall through
  }
  throw badRequest('cursor: not a cursor returned by this API');
}

/**
 * Prisma `where` for rows after the cursor in (createdAt desc, id desc) order. The `lte` bound says the same
 * as the OR below it, but Postgres can start an index scan at it; the OR alone is only a filter, and a page
 * deep in a big table then walks every newer row first (400 ms at 650,000 rows, issue 23).
 */
export function afterCursor(c: CursorKey | null) {
  if (!c) return {};
  const t = new Date(c.t);
  return { createdAt: { lte: t }, OR: [{ createdAt: { lt: t } }, { createdAt: t, id: { lt: c.id } }] };
}

export const newestFirst = [{ createdAt: 'desc' as const }, { id: 'desc' as const }];
