import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_PREFIX, newId } from '@coup/db';
import { Replay } from '@coup/protocol';
import { matchmakerPass, scheduleEvents } from '@coup/worker';
import type { DecisionRequest, DecisionStep, SeatReplay } from '@coup/protocol';
import type { Table } from '@coup/api-contract/types';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { openSocket } from './testing/ws';
import type { Message, TestSocket } from './testing/ws';

// A person at the table, over the real platform (API, worker, Postgres, Redis, WebSocket): the seat's socket
// opens with a one-time ticket offered as a subprotocol, gets exactly the decision requests a WebSocket
// agent would, at HUMAN_TIMEOUT_MS while the table's agents keep MATCH_TIMEOUT_MS; the match is casual and
// never rated; leaving forfeits after the usual faults.

const HUMAN_TIMEOUT_MS = 4000;

let h: Harness;
let me: Account;
let house: string;
const sockets: TestSocket[] = [];

beforeAll(async () => {
  h = await startHarness({ env: { HUMAN_TIMEOUT_MS: String(HUMAN_TIMEOUT_MS), MATCH_TIMEOUT_MS: '3000' } });
  me = await h.createAccount();
  house = await h.houseAgent('heuristic');
});

afterAll(async () => {
  for (const s of sockets) await s.close().catch(() => undefined);
  await h?.stop();
});

async function openTable(body: Record<string, unknown>): Promise<Table> {
  const res = await h.api<Table>('POST', '/v1/tables', { key: me.key, body });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

async function sit(ticket: Table['ticket']): Promise<TestSocket> {
  const s = await openSocket(ticket.url, undefined, { protocols: ticket.protocols });
  sockets.push(s);
  return s;
}

/** Answers every decision of the socket with its first legal action until match_end; returns what it got. */
async function playOut(s: TestSocket, matchId: string) {
  const requests: DecisionRequest[] = [];
  for (;;) {
    const m = await s.next((x) => x.type === 'decision' || x.type === 'match_end', 30_000);
    expect(m.matchId, 'a table socket gets its own table only').toBe(matchId);
    if (m.type === 'match_end') return { requests, end: m };
    const req = m as unknown as DecisionRequest;
    // A decision published while the socket was being set up is also re-sent after the welcome: the same
    // question under the same id, answered once.
    if (requests.some((r) => r.decisionId === req.decisionId)) continue;
    requests.push(req);
    s.send({ type: 'answer', decisionId: req.decisionId, action: req.legalActions[0], comment: 'clicked' });
  }
}

const stepsOf = (replay: Replay, seat: number) =>
  replay.steps.filter((s): s is DecisionStep => s.kind === 'decision' && s.seat === seat);

describe('a person at the table', () => {
  it('plays two tables at once through ticket sockets: the decision requests of a ws agent, at HUMAN_TIMEOUT_MS', async () => {
    const a = await openTable({ opponents: [house], seat: 1 });
    const b = await openTable({ opponents: [house, house] });
    const [sa, sb] = await Promise.all([sit(a.ticket), sit(b.ticket)]);
    // The platform selects the table protocol, never echoes the ticket.
    expect(sa.ws.protocol).toBe('coup.v1');
    const welcome = await sa.next((m) => m.type === 'welcome');
    expect(welcome).toMatchObject({ agentId: a.ticket.agentId, matchId: a.match.id });

    const [pa, pb] = await Promise.all([playOut(sa, a.match.id), playOut(sb, b.match.id)]);
    for (const [table, played] of [
      [a, pa],
      [b, pb],
    ] as const) {
      const seat = table.ticket.seat;
      expect(played.requests.length).toBeGreaterThan(0);
      for (const r of played.requests) {
        expect(r).toMatchObject({ matchId: table.match.id, seat, timeoutMs: HUMAN_TIMEOUT_MS });
        expect(r.state.you?.seat).toBe(seat);
      }
      expect(played.end).toMatchObject({ type: 'match_end', seat });

      const match = await h.waitForMatch(table.match.id);
      expect(match).toMatchObject({ status: 'finished' });
      expect(match.seats[seat]).toMatchObject({ faults: 0, forfeited: false });
      const replay = Replay.parse((await h.api('GET', `/v1/matches/${table.match.id}/replay`)).body);
      // The table's agents keep the platform's deadline; the person's seat has its own.
      expect(replay.timeoutMs).toBe(3000);
      expect(replay.players[seat]).toMatchObject({
        agentId: table.ticket.agentId,
        timeoutMs: HUMAN_TIMEOUT_MS,
      });
      for (const p of replay.players) if (p.seat !== seat) expect(p.timeoutMs).toBeUndefined();
      // The person's answers are the replay's decisions, comments included.
      const answered = stepsOf(replay, seat).filter((d) => !d.unused);
      expect(answered.length).toBeGreaterThan(0);
      for (const d of answered) expect(d).toMatchObject({ fault: null, comment: 'clicked' });
      // What the seat was sent is exactly what its seat replay rebuilds (the requests of any agent).
      const seatReplay = await h.api<SeatReplay>('GET', `/v1/matches/${table.match.id}/replay?seat=${seat}`);
      expect(seatReplay.status).toBe(200);
      expect(seatReplay.body.timeoutMs).toBe(HUMAN_TIMEOUT_MS);
      expect(seatReplay.body.decisions.map((d) => d.request)).toEqual(played.requests);
    }

    // Casual, never rated: no rating, no public figures, not on the leaderboard.
    const seatAgent = await h.api<{ rating: unknown; stats: { matches: number } }>(
      'GET',
      `/v1/agents/${a.ticket.agentId}`,
    );
    expect(seatAgent.body).toMatchObject({ rating: null, stats: { matches: 0 } });
    const board = await h.api<{ items: { agent: { id: string } }[] }>('GET', '/v1/leaderboard?limit=100');
    expect(board.body.items.map((e) => e.agent.id)).not.toContain(a.ticket.agentId);
    const rows = await h.platform.runtime.prisma.match.findMany({
      where: { id: { in: [a.match.id, b.match.id] } },
      select: { ranked: true, ratingPeriodId: true },
    });
    expect(rows).toEqual([
      { ranked: false, ratingPeriodId: null },
      { ranked: false, ratingPeriodId: null },
    ]);
  });

  it('opens one socket per ticket: an unknown or used ticket is refused (401), a new one is issued for the seat', async () => {
    const t = await openTable({ opponents: [house] });
    const offer = (ticket: string) =>
      openSocket(`${h.wsUrl}/v1/agents/connect`, undefined, {
        protocols: ['coup.v1', `coup.ticket.${ticket}`],
      });
    await expect(offer('not-a-ticket')).rejects.toThrow(/401/);
    const first = await sit(t.ticket);
    await first.next((m) => m.type === 'welcome');
    await expect(offer(t.ticket.ticket)).rejects.toThrow(/401/);
    // The ticket is not an agent key either.
    await expect(openSocket(`${h.wsUrl}/v1/agents/connect`, t.ticket.ticket)).rejects.toThrow(/401/);
    // Reconnecting takes a new ticket; pending decisions are sent again, and the table is played out.
    await first.close();
    const again = await h.api<Table['ticket']>('POST', `/v1/tables/${t.match.id}/ticket`, { key: me.key });
    expect(again.status, again.text).toBe(200);
    const second = await sit(again.body);
    await playOut(second, t.match.id);
    expect((await h.waitForMatch(t.match.id)).status).toBe('finished');
  });

  it('leaving the page: the seat faults as disconnected and forfeits at the third fault', async () => {
    const t = await openTable({ opponents: [house] });
    const s = await sit(t.ticket);
    const first = (await s.next((m: Message) => m.type === 'decision')) as unknown as DecisionRequest;
    await s.close();
    const match = await h.waitForMatch(t.match.id, 60_000);
    expect(match.status).toBe('finished');
    expect(match.seats[t.ticket.seat]).toMatchObject({ forfeited: true, faults: 3 });
    const replay = Replay.parse((await h.api('GET', `/v1/matches/${t.match.id}/replay`)).body);
    const faults = stepsOf(replay, t.ticket.seat).filter((d) => d.fault);
    expect(faults.map((d) => d.fault?.reason)).toEqual(['disconnected', 'disconnected', 'disconnected']);
    expect(faults[0]?.decisionId).toBe(first.decisionId);
    expect(replay.steps).toContainEqual({ kind: 'forfeit', seat: t.ticket.seat, reason: 'too_many_faults' });
  });

  it("the matchmaker and the event scheduler skip a person's seat that got into the queue or an event by hand", async () => {
    const t = await openTable({ opponents: [house] });
    const seat = t.ticket.agentId;
    const prisma = h.platform.runtime.prisma;
    const matchQueue = h.platform.runtime.matchQueue;
    // Past every API check: written straight into the database (and the table over, so the seat is idle).
    await prisma.match.update({
      where: { id: t.match.id },
      data: { status: 'aborted', abortReason: 'test' },
    });
    await prisma.agent.update({
      where: { id: seat },
      data: { inQueue: true, queueJoinedAt: new Date(Date.now() - 3_600_000) },
    });
    // An agent queued the same way is matched in the same pass (with the house agents, always queued).
    const agent = await h.registerAgent(me.key, {
      name: uniqueName('queued'),
      endpointUrl: 'http://127.0.0.1:9',
    });
    await prisma.agent.update({
      where: { id: agent.id },
      data: { inQueue: true, queueJoinedAt: new Date(Date.now() - 3_600_000) },
    });
    const made = await matchmakerPass(prisma, { matchQueue, timeoutMs: 3000 });
    const seated = (
      await prisma.matchSeat.findMany({ where: { matchId: { in: made } }, select: { agentId: true } })
    ).map((x) => x.agentId);
    expect(seated).toContain(agent.id);
    expect(seated).not.toContain(seat);

    const random = await h.houseAgent('random');
    const eventId = newId(ID_PREFIX.event);
    await prisma.event.create({
      data: {
        id: eventId,
        name: 'cup',
        format: 'round_robin',
        seatsPerMatch: 2,
        rounds: 1,
        entry: 'list',
        startsAt: new Date(Date.now() - 1000),
        entries: { create: [{ agentId: seat }, { agentId: house }, { agentId: random }] },
      },
    });
    const report = await scheduleEvents(prisma, { matchQueue, timeoutMs: 3000 });
    expect(report.started).toContain(eventId);
    const entries = await prisma.eventEntry.findMany({ where: { eventId }, select: { agentId: true } });
    expect(entries.map((e) => e.agentId).sort()).toEqual([house, random].sort());
    const eventSeats = await prisma.matchSeat.findMany({
      where: { match: { eventId } },
      select: { agentId: true },
    });
    expect(eventSeats.length).toBeGreaterThan(0);
    expect(eventSeats.map((x) => x.agentId)).not.toContain(seat);
  });
});
