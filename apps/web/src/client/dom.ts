// A tiny element builder: text always goes in as text (never parsed as HTML), so data from the API cannot
// inject markup.

export type Child = Node | string | number | null | undefined | false | readonly Child[];
type Listener = (ev: Event) => void;
export type Attrs = Record<string, string | number | boolean | null | undefined | Listener>;

function append(parent: Node, child: Child): void {
  if (child === null || child === undefined || child === false) return;
  if (Array.isArray(child)) {
    for (const c of child as readonly Child[]) append(parent, c);
    return;
  }
  parent.appendChild(child instanceof Node ? child : document.createTextNode(String(child)));
}

export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs?: Attrs | null,
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === null || value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(key.replace(/^on/, '').toLowerCase(), value);
    else if (value === true) el.setAttribute(key, '');
    else el.setAttribute(key, String(value));
  }
  for (const c of children) append(el, c);
  return el;
}

/** Replaces every child of `el`. */
export function fill(el: Element, ...children: Child[]): void {
  el.replaceChildren();
  for (const c of children) append(el, c);
}

export const link = (href: string, ...children: Child[]) => h('a', { href }, ...children);

/** A message for the user, announced by screen readers. */
export function errorBox(message: string): HTMLElement {
  return h('p', { class: 'error', role: 'alert' }, message);
}

export function note(...children: Child[]): HTMLElement {
  return h('p', { class: 'note' }, ...children);
}

/** A table with a caption (visually hidden when `hideCaption`) and a header row. */
export function table(
  caption: string,
  headers: readonly (string | { label: string; numeric?: boolean })[],
  rows: readonly HTMLTableRowElement[],
  o: { hideCaption?: boolean; className?: string } = {},
): HTMLElement {
  const ths = headers.map((x) =>
    typeof x === 'string'
      ? h('th', { scope: 'col' }, x)
      : h('th', { scope: 'col', class: x.numeric ? 'num' : null }, x.label),
  );
  return h(
    'div',
    { class: 'table-wrap' },
    h(
      'table',
      { class: o.className ?? null },
      h('caption', { class: o.hideCaption ? 'visually-hidden' : null }, caption),
      h('thead', null, h('tr', null, ths)),
      h('tbody', null, rows),
    ),
  );
}

export const td = (...children: Child[]) => h('td', null, ...children);
export const tdNum = (...children: Child[]) => h('td', { class: 'num' }, ...children);
