import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { seededPicker } from '@coup/random';
import { DECISION_ID_HEADER, SIGNATURE_HEADER, verifySignature } from '@coup/protocol';
import type { DecisionRequest, SignatureCheck } from '@coup/protocol';

// Real HTTP agents on loopback for tests and the benchmark, with the misbehaviours the runner must
// survive. Not exported from the package: test and bench code only.

export type Behaviour =
  | 'random' // a uniformly random legal action
  | 'first' // the first legal action
  | 'sleep' // answers long after any deadline
  | 'status500'
  | 'garbage' // not JSON
  | 'invalid' // JSON, but not an answer
  | 'illegal' // a well-formed answer that is not legal
  | 'deep' // the first legal action with an extra key nested 9,000 levels deep (54 KB)
  | 'huge' // a 10 MB body with content-length
  | 'huge_chunked' // a 10 MB body streamed without content-length
  | 'close'; // destroys the socket without answering

export interface ReceivedRequest {
  path: string;
  body: string;
  decisionIdHeader: string | undefined;
  signatureHeader: string | undefined;
  /** The signature checked with the server's secret (null without a secret). */
  signature: SignatureCheck | null;
  /** The client's port: the same port twice means the keep-alive socket was reused. */
  remotePort: number | undefined;
}

export interface AgentServer {
  url: string;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

export interface AgentServerOptions {
  behaviour: Behaviour | ((decisionIndex: number) => Behaviour);
  secret?: string;
  seed?: number;
  /** Keep every request (tests); off for the benchmark. */
  record?: boolean;
  sleepMs?: number;
}

const TEN_MB = 10 * 1024 * 1024;
/** 9,000 nested objects: past any stack a recursive walk has. */
export const DEEP = '{"a":'.repeat(9000) + '1' + '}'.repeat(9000);

function sendJson(res: ServerResponse, x: unknown): void {
  const text = JSON.stringify(x);
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export async function startAgentServer(opts: AgentServerOptions): Promise<AgentServer> {
  const pick = seededPicker(opts.seed ?? 1);
  const received: ReceivedRequest[] = [];
  let decisions = 0;
  const sleeping = new Set<NodeJS.Timeout>();

  const handle = (req: IncomingMessage, res: ServerResponse, body: string): void => {
    const path = req.url ?? '';
    if (opts.record !== false) {
      const header = req.headers[SIGNATURE_HEADER];
      received.push({
        path,
        body,
        decisionIdHeader: req.headers[DECISION_ID_HEADER] as string | undefined,
        signatureHeader: header as string | undefined,
        signature: opts.secret ? verifySignature(opts.secret, body, header as string | undefined) : null,
        remotePort: req.socket.remotePort,
      });
    }
    if (!path.endsWith('/decide')) {
      res.writeHead(200).end();
      return;
    }
    const b = typeof opts.behaviour === 'function' ? opts.behaviour(decisions) : opts.behaviour;
    decisions++;
    switch (b) {
      case 'random':
      case 'first': {
        const r = JSON.parse(body) as DecisionRequest;
        const legal = r.legalActions;
        return sendJson(res, { action: legal[b === 'first' ? 0 : pick(legal.length)] });
      }
      case 'sleep': {
        const t = setTimeout(() => {
          sleeping.delete(t);
          if (!res.destroyed) sendJson(res, { action: { type: 'pass' } });
        }, opts.sleepMs ?? 60_000);
        sleeping.add(t);
        return;
      }
      case 'status500':
        res.writeHead(500, { 'content-type': 'text/plain' }).end('internal error');
        return;
      case 'garbage':
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"action": {"type": "pa');
        return;
      case 'invalid':
        return sendJson(res, { move: 'pass' });
      case 'illegal':
        return sendJson(res, { action: { type: 'coup', data: { target: 42 } } });
      case 'deep': {
        const first = (JSON.parse(body) as DecisionRequest).legalActions[0];
        const text = `{"action":{${JSON.stringify(first).slice(1, -1)},"extra":${DEEP}}}`;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      case 'huge': {
        const filler = 'x'.repeat(TEN_MB);
        const text = `{"action":{"type":"pass"},"comment":"${filler}"}`;
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
        res.end(text);
        return;
      }
      case 'huge_chunked': {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.write('{"action":{"type":"pass"},"comment":"');
        const chunk = 'x'.repeat(64 * 1024);
        let sent = 0;
        const more = (): void => {
          while (sent < TEN_MB && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', more);
          }
          if (!res.destroyed) res.end('"}');
        };
        more();
        return;
      }
      case 'close':
        req.socket.destroy();
        return;
    }
  };

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
    // A client that went away mid-answer (the runner aborted) is expected here.
    res.on('error', () => {});
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: async () => {
      for (const t of sleeping) clearTimeout(t);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
