import { errorBox, h, note } from './dom';
import type { Page } from './types';

export interface CursorListOptions<T> {
  /** One page of the list from its cursor (undefined: the first page), typically a `call` of a list route. */
  page: (cursor: string | undefined) => Promise<Page<T>>;
  caption: string;
  headers: readonly (string | { label: string; numeric?: boolean })[];
  row: (item: T) => HTMLTableRowElement;
  empty: string;
  signal: AbortSignal;
}

/** A table filled page by page from a cursor-paginated API list, with a "Load more" button. */
export async function cursorTable<T>(o: CursorListOptions<T>): Promise<HTMLElement> {
  const tbody = h('tbody');
  const status = h('p', { class: 'visually-hidden', role: 'status' });
  const more = h('button', { type: 'button', class: 'button' }, 'Load more');
  const wrap = h('div', { class: 'cursor-list' });
  let cursor: string | null = null;
  let count = 0;

  async function load(): Promise<void> {
    const page = await o.page(cursor ?? undefined);
    for (const item of page.items) tbody.append(o.row(item));
    count += page.items.length;
    cursor = page.nextCursor;
    more.hidden = cursor === null;
    status.textContent = `${count} shown`;
  }

  await load();
  if (count === 0) return note(o.empty);
  more.addEventListener('click', () => {
    more.disabled = true;
    load()
      .catch((err: unknown) => {
        if (!o.signal.aborted) wrap.append(errorBox((err as Error).message));
      })
      .finally(() => (more.disabled = false));
  });
  const ths = o.headers.map((x) =>
    typeof x === 'string'
      ? h('th', { scope: 'col' }, x)
      : h('th', { scope: 'col', class: x.numeric ? 'num' : null }, x.label),
  );
  wrap.append(
    h(
      'div',
      { class: 'table-wrap' },
      h(
        'table',
        null,
        h('caption', { class: 'visually-hidden' }, o.caption),
        h('thead', null, h('tr', null, ths)),
        tbody,
      ),
    ),
    h('div', { class: 'pager' }, more),
    status,
  );
  return wrap;
}
