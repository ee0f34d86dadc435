import { apiClient } from '@coup/api-contract/client';

// Calls to the platform's API (same origin), typed by the REST contract's route table
// (@coup/api-contract/client; types only, so the bundle holds none of its schemas). Errors keep the API's
// `{ error: { code, message } }`.

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface SendOptions {
  method?: string;
  /** Sent as JSON. */
  body?: unknown;
  /** The signed-in account's API key (Authorization: Bearer). */
  key?: string | null;
  signal?: AbortSignal;
}

/** A call's own options: the account's key (for routes that need it or show owners more) and a signal. */
export interface CallOptions {
  key?: string | null;
  signal?: AbortSignal;
}

/** Calls one route of the REST API: `call('GET /agents/:id', { params: { id }, signal })`. */
export const call = apiClient<CallOptions>((r) =>
  send(`/v1${r.path}`, { method: r.method, body: r.body, key: r.options.key, signal: r.options.signal }),
);

/** One request: a method, a JSON body, the account's key. */
async function send(path: string, o: SendOptions = {}): Promise<unknown> {
  const { signal } = o;
  const headers: Record<string, string> = { accept: 'application/json' };
  if (o.key) headers.authorization = `Bearer ${o.key}`;
  if (o.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(path, {
      method: o.method ?? 'GET',
      headers,
      body: o.body === undefined ? undefined : JSON.stringify(o.body),
      signal,
    });
  } catch (err) {
    if (signal?.aborted) throw err;
    throw new ApiError(0, 'network', 'the platform cannot be reached; check your connection and reload');
  }
  const text = await res.text();
  let body: unknown = null;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    // not JSON
  }
  if (!res.ok) {
    const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    throw new ApiError(
      res.status,
      typeof e?.code === 'string' ? e.code : `http_${res.status}`,
      typeof e?.message === 'string' ? e.message : `HTTP ${res.status}`,
      (e as { details?: unknown } | undefined)?.details,
    );
  }
  return body;
}

/** A query string from defined values only. */
export function query(params: Record<string, string | number | boolean | null | undefined>): string {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params))
    if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : '';
}

export const isAbort = (err: unknown) => err instanceof DOMException && err.name === 'AbortError';
