import type { z } from 'zod';
import type { RouteKey, Routes } from './routes';

// One typed client for the REST API (apps/web and apps/cli): a call names its route (`'GET /agents/:id'`),
// and its path parameters, query, body and response types all follow from the route table (routes.ts).
// Only types come from the table, so a browser bundle holds none of its schemas; each app supplies how a
// request is sent (its fetch, base URL, key and errors).

/** The response body of a route, as the API's schema outputs it. */
export type ResponseOf<K extends RouteKey> = z.output<Routes[K]['response']>;

/** The body a route accepts (the schema's input: defaults may be left out). */
export type BodyOf<K extends RouteKey> = Routes[K] extends { body: infer B extends z.ZodType }
  ? z.input<B>
  : never;

type QueryValue = string | number | boolean | null | undefined;

/** Query parameters: the route's names; values are written as text (undefined, null and '' left out). */
export type QueryOf<K extends RouteKey> = Routes[K] extends { query: infer Q extends z.ZodType }
  ? { [P in keyof z.input<Q>]?: QueryValue }
  : never;

type ParamNames<S extends string> = S extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : S extends `${string}:${infer Name}`
    ? Name
    : never;

/** The route's `:name` parameters (filled in URL-encoded). */
export type ParamsOf<K extends RouteKey> = {
  [P in ParamNames<K extends `${string} ${infer Path}` ? Path : never>]: string | number;
};

/** What a call gives besides its route: only the parts the route has, required where they must be. */
export type CallArgs<K extends RouteKey> = ([ParamNames<K>] extends [never]
  ? { params?: undefined }
  : { params: ParamsOf<K> }) &
  ([QueryOf<K>] extends [never] ? { query?: undefined } : { query?: QueryOf<K> }) &
  ([BodyOf<K>] extends [never] ? { body?: undefined } : { body: BodyOf<K> });

/** One request as the app sends it: `path` under /v1, with its query string already appended. */
export interface ApiRequest<O> {
  method: string;
  path: string;
  body?: unknown;
  /** The app's own options of this call (its key, an abort signal...). */
  options: O;
}

export type Sender<O> = (req: ApiRequest<O>) => Promise<unknown>;

/** A call of any route, typed by it. */
export type ApiCall<O> = <K extends RouteKey>(route: K, args: CallArgs<K> & O) => Promise<ResponseOf<K>>;

/** Fills a route's path and query; the route key's own query (`?seat=:seat`) comes first. */
export function routePath(
  route: string,
  params?: Record<string, string | number>,
  query?: Record<string, QueryValue>,
): { method: string; path: string } {
  const space = route.indexOf(' ');
  const method = route.slice(0, space);
  let path = route.slice(space + 1).replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const v = params?.[name];
    if (v === undefined) throw new Error(`${route}: no value for :${name}`);
    return encodeURIComponent(String(v));
  });
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  if (s) path += (path.includes('?') ? '&' : '?') + s;
  return { method, path };
}

/** The typed client over an app's sender. */
export function apiClient<O extends object>(send: Sender<O>): ApiCall<O> {
  return (async (
    route: string,
    args: {
      params?: Record<string, string | number>;
      query?: Record<string, QueryValue>;
      body?: unknown;
    } & O,
  ) => {
    const { params, query, body, ...options } = args;
    const { method, path } = routePath(route, params, query);
    return send({ method, path, ...(body !== undefined ? { body } : {}), options: options as O });
  }) as ApiCall<O>;
}
