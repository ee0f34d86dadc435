import { createServer } from 'node:http';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Bot } from '@coup/bots';
import {
  DecisionRequest,
  MatchEnd,
  MatchStart,
  PROTOCOL_VERSION,
  SIGNATURE_HEADER,
  verifySignature,
} from '@coup/protocol';

// A built-in bot behind the HTTP agent protocol (PROTOCOL.md), on node:http. This is what @coup/sdk's
// createAgent(...).listen() will provide; it lives here until the SDK is ready.

/** Requests bigger than this are refused: a decision request is a few KB. */
const MAX_BODY_BYTES = 1024 * 1024;

export interface BotServerOptions {
  bot: Bot;
  host: string;
  port: number;
  secret?: string;
  log?: (line: string) => void;
}

export interface BotServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(new HttpError(413, `body over ${MAX_BODY_BYTES} bytes`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
  res.end(json);
}

/** The part of a zod schema used here (zod itself is a dependency of @coup/protocol, not of the CLI). */
interface Schema<T> {
  safeParse(
    x: unknown,
  ):
    | { success: true; data: T }
    | { success: false; error: { issues: { path: PropertyKey[]; message: string }[] } };
}

function parse<T>(schema: Schema<T>, raw: string): T {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    throw new HttpError(400, 'body is not JSON');
  }
  const r = schema.safeParse(value);
  if (!r.success) {
    const issue = r.error.issues[0];
    throw new HttpError(
      400,
      `${issue?.path.map(String).join('.') || 'body'}: ${issue?.message ?? 'invalid'}`,
    );
  }
  return r.data;
}

export async function startBotServer(o: BotServerOptions): Promise<BotServer> {
  const log = o.log ?? (() => {});

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const path = (req.url ?? '/').split('?')[0];
    if (req.method === 'GET' && path === '/') {
      send(res, 200, { agent: o.bot.name, protocol: PROTOCOL_VERSION });
      return;
    }
    if (path !== '/decide' && path !== '/start' && path !== '/end') throw new HttpError(404, 'not found');
    if (req.method !== 'POST') throw new HttpError(405, 'use POST');
    const raw = await readBody(req);
    if (o.secret !== undefined) {
      const check = verifySignature(o.secret, raw, req.headers[SIGNATURE_HEADER] as string | undefined);
      if (!check.ok) throw new HttpError(401, `bad signature (${check.reason})`);
    }
    if (path === '/decide') {
      send(res, 200, o.bot.decide(parse(DecisionRequest, raw)));
    } else if (path === '/start') {
      const m = parse(MatchStart, raw);
      log(`match ${m.matchId} started: seat ${m.seat} of ${m.players.length}`);
      send(res, 200, {});
    } else {
      const m = parse(MatchEnd, raw);
      log(`match ${m.matchId} ended: place ${m.place} of ${m.ranking.flat().length}`);
      send(res, 200, {});
    }
  };

  const server = createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof Error ? err.message : String(err);
      // Logged so a developer sees why the runner records faults (a wrong --secret, a bad request...).
      if (status !== 404 && status !== 405) log(`${req.method} ${req.url} -> ${status}: ${message}`);
      if (!res.headersSent) send(res, status, { error: { code: `http_${status}`, message } });
      else res.destroy();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port, o.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = o.host.includes(':') ? `[${o.host}]` : o.host;
  return {
    url: `http://${host}:${port}`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
