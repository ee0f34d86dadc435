import { apiClient } from '@coup/api-contract/client';
import type { ApiCall } from '@coup/api-contract/client';
import { CliError, EXIT_FAILED, EXIT_USAGE } from '../errors.ts';
import { connectionProblem } from '../net-errors.ts';

/** Long enough for POST /agents/:id/check, which waits for the agent's answer up to the match deadline. */
const REQUEST_TIMEOUT_MS = 60_000;

/** An error answered by the platform: `{ error: { code, message } }` with a 4xx or 5xx (exit 1). */
export class ApiError extends CliError {
  constructor(
    message: string,
    readonly code: string,
    readonly status: number,
    readonly hint?: string,
  ) {
    super(message, EXIT_FAILED);
    this.name = 'ApiError';
  }

  override display(): string {
    const line = `error: ${this.message} (${this.code}, HTTP ${this.status})`;
    return this.hint ? `${line}\n${this.hint}` : line;
  }
}

export interface RequestOptions {
  body?: unknown;
  /** Send the API key (routes that need an account); public routes are called without it. */
  auth?: boolean;
}

/** A call's own option: whether to send the API key. */
export interface CallOptions {
  auth?: boolean;
}

/** Where the API key comes from: resolved on first use, so public commands never need one. */
export interface KeySource {
  key(): string;
  /** e.g. "--key", "COUP_API_KEY", "~/.config/coup/config.json": named when the platform refuses it. */
  origin(): string;
}

/** A thin client of the REST API (/v1) on Node's global fetch, typed by the REST contract's route table. */
export class PlatformClient {
  constructor(
    readonly url: string,
    private readonly keys: KeySource | null,
  ) {}

  /** Where the key in use comes from (never the key itself). */
  keyOrigin(): string {
    return this.keys?.origin() ?? 'nowhere';
  }

  /**
   * Calls one route of the REST contract (@coup/api-contract's route table), typed by it. GETs go without
   * the key unless `auth` says so; other methods send it unless `auth: false`.
   */
  readonly call: ApiCall<CallOptions> = apiClient<CallOptions>((r) =>
    this.request(r.method, r.path, { body: r.body, auth: r.options.auth ?? r.method !== 'GET' }),
  );

  /** One request; `path` is under /v1 and may carry a query string. */
  async request(method: string, path: string, o: RequestOptions = {}): Promise<unknown> {
    const target = new URL(`${this.url}/v1${path}`);
    const headers: Record<string, string> = { accept: 'application/json' };
    if (o.auth && this.keys) headers.authorization = `Bearer ${this.keys.key()}`;
    if (o.body !== undefined) headers['content-type'] = 'application/json';
    let res: Response;
    try {
      res = await fetch(target, {
        method,
        headers,
        ...(o.body !== undefined ? { body: JSON.stringify(o.body) } : {}),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
    } catch (err) {
      throw new CliError(`cannot reach the platform at ${this.url}: ${networkReason(err)}`, EXIT_USAGE);
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    let isJson = text === '';
    try {
      body = text ? JSON.parse(text) : null;
      isJson = true;
    } catch {
      // Not JSON: probably not the Coup Arena API (a proxy's error page, another server on the port).
    }
    if (res.ok && isJson) return body;
    const e = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
    if (!res.ok && e && typeof e.message === 'string') {
      const hint =
        res.status === 401 && o.auth && this.keys
          ? `(the API key came from ${this.keys.origin()})`
          : undefined;
      throw new ApiError(e.message, typeof e.code === 'string' ? e.code : 'unknown', res.status, hint);
    }
    const what = isJson ? 'an unexpected answer' : 'a non-JSON answer';
    throw new ApiError(
      `${method} ${target.pathname} got ${what} from ${this.url} (is it a Coup Arena platform?)`,
      'bad_response',
      res.status,
    );
  }
}

function networkReason(err: unknown): string {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError') return `no answer within ${REQUEST_TIMEOUT_MS / 1000} s`;
  // fetch reports "fetch failed" and keeps the reason in `cause` (an AggregateError when several
  // addresses were tried, e.g. localhost as ::1 then 127.0.0.1).
  const cause = e.cause as { code?: string; message?: string; errors?: { code?: string }[] } | undefined;
  const code = cause?.code ?? cause?.errors?.[0]?.code;
  return (
    connectionProblem(code, 'is it running? start it with npm start, or pass --url') ??
    code ??
    cause?.message ??
    e.message ??
    String(err)
  );
}
