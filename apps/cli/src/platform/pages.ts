import type { Page } from './types.ts';

/** The API's list routes give at most 100 items a page. */
const PAGE_MAX = 100;

/**
 * Follows a cursor-paginated list (newest first) until `limit` items or its end: each call of `page` asks
 * for the next page, from `cursor` (undefined for the first), of at most `limit` items.
 */
export async function collectPages<T>(
  limit: number,
  page: (cursor: string | undefined, limit: number) => Promise<Page<T>>,
): Promise<T[]> {
  const items: T[] = [];
  let cursor: string | undefined;
  do {
    const p = await page(cursor, Math.min(PAGE_MAX, limit - items.length));
    items.push(...p.items);
    cursor = p.nextCursor ?? undefined;
  } while (cursor && items.length < limit);
  return items;
}
