import { errorBox, fill } from './dom';
import { isAbort } from './api';

// History-API routing: links inside the app change the URL with pushState and render the matching page;
// the server answers every such URL with the same index.html, so a reload or a shared link works.

export interface PageContext {
  params: Record<string, string>;
  query: URLSearchParams;
  root: HTMLElement;
  /** Aborted when the user navigates away: pending fetches stop, sockets close, listeners go. */
  signal: AbortSignal;
  setTitle(title: string): void;
}

export type Page = (ctx: PageContext) => Promise<void> | void;

interface Route {
  pattern: RegExp;
  keys: string[];
  page: Page;
}

const routes: Route[] = [];
let notFound: Page = () => undefined;
let current: AbortController | null = null;

/** `/agents/:id` style patterns. */
export function route(path: string, page: Page): void {
  const keys: string[] = [];
  const source = path
    .split('/')
    .map((part) => {
      if (!part.startsWith(':')) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      keys.push(part.slice(1));
      return '([^/]+)';
    })
    .join('/');
  routes.push({ pattern: new RegExp(`^${source}/?$`), keys, page });
}

export function fallback(page: Page): void {
  notFound = page;
}

function match(pathname: string): { page: Page; params: Record<string, string> } {
  for (const r of routes) {
    const m = r.pattern.exec(pathname);
    if (!m) continue;
    const params: Record<string, string> = {};
    r.keys.forEach((k, i) => (params[k] = decodeURIComponent(m[i + 1] ?? '')));
    return { page: r.page, params };
  }
  return { page: notFound, params: {} };
}

function markCurrentNav(pathname: string): void {
  for (const a of document.querySelectorAll<HTMLAnchorElement>('.site-header nav a')) {
    const href = a.getAttribute('href') ?? '';
    const active =
      href === '/' ? pathname === '/' || pathname.startsWith('/leaderboard') : pathname.startsWith(href);
    if (active && !a.classList.contains('brand')) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
}

export async function render(focus = false): Promise<void> {
  current?.abort();
  const controller = new AbortController();
  current = controller;
  const root = document.getElementById('main') as HTMLElement;
  const { page, params } = match(location.pathname);
  markCurrentNav(location.pathname);
  fill(root);
  root.setAttribute('aria-busy', 'true');
  const ctx: PageContext = {
    params,
    query: new URLSearchParams(location.search),
    root,
    signal: controller.signal,
    setTitle: (t) => (document.title = `${t} · Coup Arena`),
  };
  try {
    await page(ctx);
  } catch (err) {
    if (isAbort(err) || controller.signal.aborted) return;
    console.warn(err);
    root.append(errorBox(err instanceof Error ? err.message : String(err)));
  } finally {
    if (current === controller) root.removeAttribute('aria-busy');
  }
  if (focus && current === controller) root.focus({ preventScroll: true });
}

export function navigate(url: string, o: { replace?: boolean } = {}): void {
  if (o.replace) history.replaceState(null, '', url);
  else history.pushState(null, '', url);
  window.scrollTo(0, 0);
  void render(true);
}

function isAppLink(a: HTMLAnchorElement): boolean {
  if (a.target && a.target !== '_self') return false;
  if (a.hasAttribute('download') || a.hasAttribute('data-external')) return false;
  if (a.origin !== location.origin) return false;
  return !/^\/(v1|docs|admin|metrics|healthz|readyz|openapi)([/.?]|$)/.test(a.pathname);
}

export function startRouter(): void {
  document.addEventListener('click', (ev) => {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey)
      return;
    const a = (ev.target as Element | null)?.closest('a');
    if (!a || !a.href || !isAppLink(a)) return;
    ev.preventDefault();
    if (a.pathname + a.search === location.pathname + location.search && !a.hash) return;
    navigate(a.pathname + a.search + a.hash);
  });
  window.addEventListener('popstate', () => void render(true));
  void render();
}
