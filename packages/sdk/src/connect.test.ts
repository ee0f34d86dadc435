import type { IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { DecisionRequest, MatchEnd } from '@coup/protocol';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAgent } from './index';
import type { AgentConnection } from './index';
import { realRequest } from './test/fixtures';

const KEY = 'ak_test_key';

/** Plays the platform side of /v1/agents/connect: checks the key, hands each connection to the test. */
async function platform() {
  const connections: { ws: WebSocket; req: IncomingMessage }[] = [];
  const waiters: ((c: { ws: WebSocket; req: IncomingMessage }) => void)[] = [];
  const wss = new WebSocketServer({
    port: 0,
    host: '127.0.0.1',
    verifyClient: (info: { req: IncomingMessage }) => info.req.headers.authorization === `Bearer ${KEY}`,
  });
  wss.on('connection', (ws, req) => {
    const c = { ws, req };
    const w = waiters.shift();
    if (w) w(c);
    else connections.push(c);
  });
  await new Promise<void>((r) => wss.once('listening', () => r()));
  const { port } = wss.address() as AddressInfo;
  return {
    url: `ws://127.0.0.1:${port}/v1/agents/connect`,
    next: () =>
      new Promise<{ ws: WebSocket; req: IncomingMessage }>((resolve) => {
        const c = connections.shift();
        if (c) resolve(c);
        else waiters.push(resolve);
      }),
    close: () =>
      new Promise<void>((r) => {
        for (const c of wss.clients) c.terminate();
        wss.close(() => r());
      }),
  };
}

const nextMessage = (ws: WebSocket): Promise<Record<string, unknown>> =>
  new Promise((resolve) =>
    ws.once('message', (d) => resolve(JSON.parse(d.toString()) as Record<string, unknown>)),
  );

const welcome = { protocol: 1, type: 'welcome', agentId: 'ag_1', name: 'ws-agent' };

let cleanup: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const f of cleanup.reverse()) await f();
  cleanup = [];
});

describe('WebSocket agent (.connect)', () => {
  it('answers a decision, and the same decision resent after a reconnect with the same answer', async () => {
    const p = await platform();
    const req = realRequest('ws');
    const decide = vi.fn((r: DecisionRequest) => ({
      action: r.legalActions[0]!,
      comment: 'first legal action',
    }));
    const onEnd = vi.fn();
    const conn: AgentConnection = createAgent({ decide, onEnd, name: 'ws-agent' }).connect(p.url, KEY, {
      minBackoffMs: 10,
      maxBackoffMs: 50,
    });
    const welcomed = vi.fn();
    conn.on('welcome', welcomed);
    cleanup.push(() => conn.close(), p.close);

    const first = await p.next();
    expect(first.req.headers.authorization).toBe(`Bearer ${KEY}`);
    first.ws.send(JSON.stringify(welcome));
    let reply = nextMessage(first.ws);
    first.ws.send(JSON.stringify(req));
    const answer = await reply;
    expect(answer).toEqual({
      type: 'answer',
      decisionId: req.decisionId,
      action: req.legalActions[0],
      comment: 'first legal action',
    });

    // The platform drops the connection; the agent reconnects and gets the decision again.
    first.ws.terminate();
    const second = await p.next();
    second.ws.send(JSON.stringify(welcome));
    reply = nextMessage(second.ws);
    second.ws.send(JSON.stringify(req));
    expect(await reply).toEqual(answer);
    expect(decide).toHaveBeenCalledTimes(1);
    expect(welcomed).toHaveBeenCalledTimes(2);

    const end: MatchEnd = {
      protocol: 1,
      type: 'match_end',
      matchId: req.matchId,
      seat: req.seat,
      ranking: [[req.seat]],
      place: 1,
      seed: 'ws',
      replayUrl: null,
    };
    second.ws.send(JSON.stringify(end));
    await vi.waitFor(() => expect(onEnd).toHaveBeenCalledWith(end));

    // Closed by the user: no reconnect.
    const closed = vi.fn();
    conn.on('close', closed);
    await conn.close();
    expect(closed).toHaveBeenCalledWith(expect.objectContaining({ willReconnect: false }));
    expect(conn.connected).toBe(false);
  });

  it('answers on the new connection a decision whose answer was still being computed when the socket dropped', async () => {
    const p = await platform();
    const req = realRequest('slow');
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const decide = vi.fn(async (r: DecisionRequest) => {
      await gate;
      return r.legalActions[0]!;
    });
    const conn = createAgent({ decide }).connect(p.url, KEY, { minBackoffMs: 10, maxBackoffMs: 50 });
    cleanup.push(() => conn.close(), p.close);

    const first = await p.next();
    first.ws.send(JSON.stringify(req));
    await vi.waitFor(() => expect(decide).toHaveBeenCalledTimes(1));
    first.ws.terminate();
    const second = await p.next();
    const reply = nextMessage(second.ws);
    second.ws.send(JSON.stringify(req));
    release();
    expect(await reply).toEqual({ type: 'answer', decisionId: req.decisionId, action: req.legalActions[0] });
    expect(decide).toHaveBeenCalledTimes(1);
  });

  it('reports platform errors and bad frames without closing, and stops on a refused key', async () => {
    const p = await platform();
    const errors: Error[] = [];
    const conn = createAgent({ decide: (r) => r.legalActions[0]! }).connect(p.url, KEY, { minBackoffMs: 10 });
    conn.on('error', (e: Error) => errors.push(e));
    cleanup.push(() => conn.close(), p.close);
    const c = await p.next();
    c.ws.send(JSON.stringify({ protocol: 1, type: 'error', code: 'unknown_decision', message: 'too late' }));
    c.ws.send('not json');
    await vi.waitFor(() => expect(errors).toHaveLength(2));
    expect(errors[0]).toMatchObject({ code: 'unknown_decision' });
    expect(conn.connected).toBe(true);

    const refused = createAgent({ decide: (r) => r.legalActions[0]! }).connect(p.url, 'wrong-key', {
      minBackoffMs: 10,
    });
    const closes: { willReconnect: boolean }[] = [];
    refused.on('error', () => {});
    refused.on('close', (e: { willReconnect: boolean }) => closes.push(e));
    cleanup.push(() => refused.close());
    await vi.waitFor(() => expect(closes).toHaveLength(1));
    expect(closes[0]?.willReconnect).toBe(false);
  });
});
