import type { FastifyInstance } from 'fastify';

// Every route the app serves, read from Fastify's own route tree, so a test over "every route" also covers
// routes added after it was written.

export interface RouteInfo {
  method: string;
  url: string;
}

const LINE = /^((?:[│ ] {3})*)[├└]── (.+) \(([A-Z, ]+)\)$/;

/** Parses `app.printRoutes({ commonPrefix: false })`: one line per node, its path relative to its parent. */
export function listRoutes(app: FastifyInstance): RouteInfo[] {
  const tree = app.printRoutes({ commonPrefix: false });
  const stack: string[] = [];
  const routes: RouteInfo[] = [];
  for (const line of tree.split('\n')) {
    if (!line.trim()) continue;
    const m = LINE.exec(line);
    if (!m) throw new Error(`cannot parse the route tree line ${JSON.stringify(line)}`);
    const depth = (m[1] as string).length / 4;
    const url = (stack[depth - 1] ?? '') + (m[2] as string);
    stack[depth] = url;
    stack.length = depth + 1;
    for (const method of (m[3] as string).split(', ')) routes.push({ method, url });
  }
  return routes;
}

export const MUTATING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** POST/PUT/PATCH/DELETE routes under /v1, as `METHOD /v1/path/:param`. */
export function mutatingV1Routes(app: FastifyInstance): string[] {
  return listRoutes(app)
    .filter((r) => MUTATING.has(r.method) && r.url.startsWith('/v1/'))
    .map((r) => `${r.method} ${r.url}`)
    .sort();
}

/** Fills `:param`s from `values` (by name), so a route pattern becomes a path to call. */
export function fillPath(url: string, values: Record<string, string>): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    const v = values[name];
    if (v === undefined) throw new Error(`no value for :${name} in ${url}`);
    return encodeURIComponent(v);
  });
}
