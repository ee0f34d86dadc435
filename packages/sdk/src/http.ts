import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { DecisionRequest, MatchEnd, MatchStart, SIGNATURE_HEADER, verifySignature } from '@coup/protocol';
import type { AnswerCache } from './answer';
import { BodyTooLarge, readBody } from './body';
import { errorBody, reportError } from './errors';
import type { AgentOptions } from './types';

export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;

export interface ListeningAgent {
  /** Base URL to register with the platform or give to `coup play`. */
  url: string;
  port: number;
  close(): Promise<void>;
}

type Route = 'decide' | 'start' | 'end';
const ROUTES: readonly Route[] = ['decide', 'start', 'end'];

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const json = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(json)),
    ...headers,
  });
  res.end(json);
}

/** The route named by the last path segment, so an agent can sit under a prefix (`/my-bot/decide`). */
function routeOf(url: string | undefined): Route | null {
  const path = (url ?? '/').split('?')[0] ?? '/';
  const last = path.replace(/\/+$/, '').split('/').pop() ?? '';
  return (ROUTES as readonly string[]).includes(last) ? (last as Route) : null;
}

/** Serves POST /decide, /start and /end (PROTOCOL.md) over node:http. */
export function listenHttp(
  opts: AgentOptions,
  cache: AnswerCache,
  port: number,
  host = '127.0.0.1',
): Promise<ListeningAgent> {
  const limit = opts.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const report = reportError(opts.onError);

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const reply = (status: number, payload: unknown, headers?: Record<string, string>) => {
      if (status >= 400 && opts.onRefused) {
        const message = (payload as { error?: { message?: string } }).error?.message ?? '';
        opts.onRefused({ method: req.method ?? '', url: req.url ?? '', status, message });
      }
      send(res, status, payload, headers);
    };
    const route = routeOf(req.url);
    if (!route) return reply(404, errorBody('not_found', 'POST /decide, /start or /end'));
    if (req.method !== 'POST') {
      return reply(405, errorBody('method_not_allowed', `${route} takes POST`), { allow: 'POST' });
    }
    let raw: string;
    try {
      raw = await readBody(req, limit);
    } catch (err) {
      if (err instanceof BodyTooLarge) {
        // Stop reading a huge body: answer and close the connection.
        res.once('finish', () => req.destroy());
        reply(413, errorBody('too_large', err.message), { connection: 'close' });
        return;
      }
      throw err;
    }
    if (opts.secret !== undefined) {
      const check = verifySignature(opts.secret, raw, req.headers[SIGNATURE_HEADER] as string | undefined);
      if (!check.ok) return reply(401, errorBody('unauthorized', `bad X-Coup-Signature: ${check.reason}`));
    }
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (err) {
      return reply(400, errorBody('invalid_json', (err as Error).message));
    }
    const schema = route === 'decide' ? DecisionRequest : route === 'start' ? MatchStart : MatchEnd;
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues
        .slice(0, 10)
        .map((i) => ({ path: i.path.join('.'), message: i.message }));
      const first = issues[0];
      return send(
        res,
        400,
        errorBody('validation_failed', `${route}: ${first?.path || 'body'}: ${first?.message}`, issues),
      );
    }
    if (route === 'decide') {
      // The validated JSON itself, not zod's copy: fields added to the protocol later reach decide too.
      const request = json as DecisionRequest;
      try {
        return reply(200, await cache.answer(request, opts.decide));
      } catch (err) {
        report(err, `decide ${request.decisionId}`);
        return reply(500, errorBody('agent_error', err instanceof Error ? err.message : String(err)));
      }
    }
    // Notifications: answer at once, then run the hook; its failures are the agent's business only.
    reply(200, { ok: true });
    const hook = route === 'start' ? opts.onStart : opts.onEnd;
    if (hook) {
      setImmediate(() => {
        Promise.resolve()
          .then(() => (hook as (m: unknown) => unknown)(json))
          .catch((err: unknown) => report(err, route === 'start' ? 'onStart' : 'onEnd'));
      });
    }
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      report(err, 'http');
      if (!res.headersSent) send(res, 500, errorBody('internal', 'internal error'));
      else res.destroy();
    });
  });
  // The platform keeps connections alive between decisions; keep ours open a little longer than it does.
  server.keepAliveTimeout = 35_000;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      const actual = (server.address() as AddressInfo).port;
      const shown = host.includes(':') ? `[${host}]` : host;
      resolve({
        url: `http://${shown}:${actual}`,
        port: actual,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
