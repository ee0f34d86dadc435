import type { Socket } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { createBot } from '@coup/bots';
import type { Table } from '@coup/api-contract/types';
import { createAgent } from '@coup/sdk';
import type { AgentConnection } from '@coup/sdk';
import { startApiProcess } from './testing/api-process';
import type { ApiProcess } from './testing/api-process';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness, MatchView } from './testing/harness';

// The WebSocket side of the API fuzzed, beside the OpenAPI fuzz of its HTTP side (apps/api openapi-fuzz):
// generated and mutated sessions on the agent, table and spectator sockets of the API running as a process of
// its own (server.ts): frames nested deep, huge, binary, not UTF-8, JSON of any shape, answers to decisions
// that were never asked or answered twice, frames in the wrong order (a `welcome` or a `decision` sent to
// the platform), bytes that are no WebSocket frame at all, floods, and closes at any point. Meanwhile an
// honest agent plays match after match through the same API process. Asserted: the process never exits,
// no socket is closed with 1011 (a failure of the platform's own), `/healthz` answers, the honest agent's
// socket is never closed and every one of its matches finishes without a fault, and so does the match the
// fuzzed agent sits in. WS_FUZZ_RUNS (sessions, default 40) and FUZZ_SEED (default fixed) make a longer or
// different run.

const RUNS = Number(process.env.WS_FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 20261127);

let h: Harness;
let api: ApiProcess;
let owner: Account;
let house: string;
/** The fuzzed agent (transport ws): its sockets get the fuzz, and it sits in a match. */
let fuzzed: { id: string; secret: string };
let fuzzedMatch: string;
/** A table whose person's socket is fuzzed (a new one once it ends). */
let table: Table;
let honest: AgentConnection;
let honestId: string;
const honestCloses: { code: number; reason: string }[] = [];

beforeAll(async () => {
  h = await startHarness();
  api = await startApiProcess(h);
  owner = await h.createAccount();
  house = await h.houseAgent('heuristic');
  fuzzed = await h.registerAgent(owner.key, { name: uniqueName('fuzzed'), transport: 'ws' });
  const honestAgent = await h.registerAgent(owner.key, { name: uniqueName('honest'), transport: 'ws' });
  const bot = createBot('heuristic', { seed: 'honest' });
  honest = createAgent({
    name: 'honest',
    decide: (req) => bot.decide(req),
    onError: () => undefined,
  }).connect(`${api.wsUrl}/v1/agents/connect`, honestAgent.secret);
  honest.on('close', (c: { code: number; reason: string }) => honestCloses.push(c));
  await new Promise((resolve) => honest.once('welcome', resolve));
  honestId = honestAgent.id;
  fuzzedMatch = await h.queueMatch(owner.key, [fuzzed.id, house]);
  table = await newTable();
}, 90_000);

afterAll(async () => {
  await honest?.close();
  await api?.stop();
  await h?.stop();
});

async function newTable(): Promise<Table> {
  const res = await h.api<Table>('POST', '/v1/tables', { key: owner.key, body: { opponents: [house] } });
  if (res.status !== 201) throw new Error(`new table: ${res.status} ${res.text}`);
  return res.body;
}

/** Subprotocols for a new socket at the table: a new ticket, or a new table once this one is over. */
async function tableProtocols(): Promise<string[]> {
  const res = await h.api<Table['ticket']>('POST', `/v1/tables/${table.match.id}/ticket`, { key: owner.key });
  if (res.status === 200) return res.body.protocols;
  table = await newTable();
  return table.ticket.protocols;
}

// --- What a session sends ---

type Frame =
  | { kind: 'text'; text: string }
  /** An answer whose action nests `levels` deep (built when sent: a counterexample stays readable). */
  | { kind: 'deep'; levels: number; shape: 'object' | 'array' }
  /** An answer of about `size` bytes (over 64 KB: closed by the maxPayload limit, 1009). */
  | { kind: 'huge'; size: number }
  | { kind: 'bytes'; bytes: Uint8Array; binary: boolean }
  /** Bytes on the TCP connection that are no WebSocket frame. */
  | { kind: 'raw'; bytes: Uint8Array }
  /** An answer to the last decision the socket got (or to one it never got), with any action. */
  | { kind: 'reply'; action: unknown; comment: unknown; twice: boolean }
  | { kind: 'pause'; ms: number }
  | { kind: 'close'; code: number };

const deep: fc.Arbitrary<Frame> = fc.record({
  kind: fc.constant('deep' as const),
  levels: fc.oneof(fc.integer({ min: 60, max: 70 }), fc.integer({ min: 1000, max: 12_000 })),
  shape: fc.constantFrom('object' as const, 'array' as const),
});

const huge: fc.Arbitrary<Frame> = fc.record({
  kind: fc.constant('huge' as const),
  size: fc.integer({ min: 60_000, max: 70_000 }),
});

/** Text with NUL characters, lone surrogates, control characters. */
const oddText = fc.string({ unit: 'binary', maxLength: 40 });

const message: fc.Arbitrary<Frame> = fc
  .record(
    {
      type: fc.oneof(
        fc.constantFrom('answer', 'welcome', 'decision', 'match_start', 'error', 'ping'),
        oddText,
      ),
      protocol: fc.constantFrom(1, 2, 3, '1', null),
      decisionId: fc.oneof(fc.constant('x'), oddText, fc.integer()),
      action: fc.oneof(
        fc.record({ type: fc.constantFrom('income', 'pass', 'coup', 'tax', 'fly') }),
        fc.jsonValue({ maxDepth: 4 }),
      ),
      comment: fc.oneof(oddText, fc.string({ maxLength: 400 })),
      history: fc.constantFrom('full', 'none', 7),
    },
    { requiredKeys: [] },
  )
  .map((m) => ({ kind: 'text', text: JSON.stringify(m) }));

const frame: fc.Arbitrary<Frame> = fc.oneof(
  { weight: 3, arbitrary: message },
  { weight: 2, arbitrary: deep },
  fc.constantFrom<Frame>(
    { kind: 'text', text: '' },
    { kind: 'text', text: 'null' },
    { kind: 'text', text: '{"type":"answer"' },
    { kind: 'text', text: '[]' },
  ),
  fc.json({ maxDepth: 5 }).map((text): Frame => ({ kind: 'text', text })),
  oddText.map((text): Frame => ({ kind: 'text', text })),
  huge,
  fc.uint8Array({ maxLength: 512 }).map((bytes): Frame => ({ kind: 'bytes', bytes, binary: true })),
  // Not UTF-8: a lone continuation byte or an invalid lead byte somewhere in the text.
  fc
    .tuple(
      fc.string({ maxLength: 30 }),
      fc.constantFrom(0x80, 0xc0, 0xf8, 0xff),
      fc.string({ maxLength: 30 }),
    )
    .map(([a, b, c]): Frame => ({
      kind: 'bytes',
      bytes: Buffer.concat([Buffer.from(a), Buffer.from([b]), Buffer.from(c)]),
      binary: false,
    })),
  fc.uint8Array({ minLength: 1, maxLength: 64 }).map((bytes): Frame => ({ kind: 'raw', bytes })),
  fc
    .record({
      action: fc.jsonValue({ maxDepth: 3 }),
      comment: fc.oneof(oddText, fc.integer()),
      twice: fc.boolean(),
    })
    .map((r): Frame => ({ kind: 'reply', ...r })),
  fc.integer({ min: 0, max: 60 }).map((ms): Frame => ({ kind: 'pause', ms })),
  fc.constantFrom(1000, 1001, 3000, 4999).map((code): Frame => ({ kind: 'close', code })),
);

const session = fc.record({
  target: fc.constantFrom('agent', 'table', 'spectator'),
  frames: fc.array(frame, { minLength: 1, maxLength: 10 }),
  /** Then this many frames as fast as they go (over AGENT_SOCKET_MAX_MSGS_PER_S: closed with 1008). */
  flood: fc.oneof(fc.constant(0), fc.integer({ min: 25, max: 150 })),
});
type Session = typeof session extends fc.Arbitrary<infer S> ? S : never;

// --- Running a session ---

interface Opened {
  ws: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
  /** The last decision id the socket was sent. */
  lastDecision(): string | undefined;
}

async function openTarget(target: Session['target']): Promise<Opened | null> {
  // Spectators watch the table (its person's socket is fuzzed too, so it lasts a while).
  const url = `${api.wsUrl}${target === 'spectator' ? `/v1/matches/${table.match.id}/live` : '/v1/agents/connect'}`;
  const ws =
    target === 'agent'
      ? new WebSocket(url, { headers: { authorization: `Bearer ${fuzzed.secret}` } })
      : target === 'table'
        ? new WebSocket(url, await tableProtocols())
        : new WebSocket(url);
  let last: string | undefined;
  ws.on('message', (data) => {
    const m = JSON.parse(data.toString()) as { type?: string; decisionId?: string };
    if (m.type === 'decision') last = m.decisionId;
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  ws.on('error', () => undefined);
  const open = await new Promise<boolean>((resolve) => {
    ws.once('open', () => resolve(true));
    ws.once('close', () => resolve(false));
  });
  return open ? { ws, closed, lastDecision: () => last } : null;
}

function send(o: Opened, f: Frame): Promise<void> | void {
  const { ws } = o;
  switch (f.kind) {
    case 'text':
      return ws.send(f.text);
    case 'deep': {
      const [open, close] = f.shape === 'object' ? ['{"a":', '}'] : ['[', ']'];
      return ws.send(
        `{"type":"answer","decisionId":"x","action":${open.repeat(f.levels)}1${close.repeat(f.levels)}}`,
      );
    }
    case 'huge':
      return ws.send(`{"type":"answer","decisionId":"x","comment":"${'x'.repeat(f.size)}"}`);
    case 'bytes':
      return ws.send(f.bytes, { binary: f.binary });
    case 'raw':
      return void (ws as unknown as { _socket: Socket })._socket.write(f.bytes);
    case 'reply': {
      const answer = JSON.stringify({
        type: 'answer',
        decisionId: o.lastDecision() ?? 'never-asked',
        action: f.action,
        comment: f.comment,
      });
      ws.send(answer);
      if (f.twice) ws.send(answer);
      return;
    }
    case 'pause':
      return new Promise((r) => setTimeout(r, f.ms));
    case 'close':
      return ws.close(f.code);
  }
}

const closes: { code: number; reason: string }[] = [];

async function run(s: Session): Promise<void> {
  const o = await openTarget(s.target);
  if (o) {
    for (const f of s.frames) {
      if (o.ws.readyState !== WebSocket.OPEN) break;
      await send(o, f);
    }
    for (let i = 0; i < s.flood && o.ws.readyState === WebSocket.OPEN; i++) {
      o.ws.send(`{"type":"answer","decisionId":"flood-${i}","action":{"type":"income"}}`);
    }
    // The platform's close, if one comes, is seen; then the session ends.
    await Promise.race([o.closed, new Promise((r) => setTimeout(r, 100))]);
    o.ws.terminate();
    closes.push(await o.closed);
  }
  expect(api.alive(), `the API process exited:\n${api.output()}`).toBe(true);
}

describe('WebSocket fuzz', () => {
  it(`keeps the API process up through ${RUNS} fuzzed sessions, and honest play goes on`, async () => {
    // The honest agent plays match after match, through the same API process, while the fuzz runs.
    let fuzzing = true;
    const honestMatches: string[] = [];
    const honestPlay = (async () => {
      while (fuzzing) {
        const id = await h.queueMatch(owner.key, [honestId, house]);
        honestMatches.push(id);
        await h.waitForMatch(id, 60_000);
      }
    })();
    try {
      await fc.assert(
        fc.asyncProperty(session, async (s) => {
          await run(s);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    } finally {
      fuzzing = false;
    }
    await honestPlay;

    expect(api.alive(), api.output()).toBe(true);
    expect((await fetch(`${api.url}/healthz`)).status).toBe(200);
    // No socket was closed for a failure of the platform's own.
    expect(closes.filter((c) => c.code === 1011)).toEqual([]);
    // The fuzz reached the refusals (at the default size; a tiny WS_FUZZ_RUNS may not).
    if (RUNS >= 20) expect(closes.map((c) => c.code)).toContain(1007);
    expect(honestCloses).toEqual([]);
    expect(honestMatches.length).toBeGreaterThan(0);
    for (const id of honestMatches) {
      const m = (await h.api<MatchView>('GET', `/v1/matches/${id}`)).body;
      expect(m.status, id).toBe('finished');
      const seat = m.seats.find((x) => x.agent.id === honestId);
      expect(seat?.faults, `the honest agent's faults in ${id}`).toBe(0);
    }
    // The fuzzed agent's own match ends too (its garbage answers are faults, its seat forfeits).
    expect((await h.waitForMatch(fuzzedMatch, 60_000)).status).toBe('finished');
  }, 180_000);
});
