import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBot } from '@coup/bots';
import type { BotKind } from '@coup/bots';
import { packedFormat, storeMatchResult, insertMatch } from '@coup/db';
import type { ReplayCodec } from '@coup/db';
import { Replay, SeatReplay, compactReplayCodec } from '@coup/protocol';
import type { LlmDecision } from '@coup/protocol';
import { AgentFault, inProcessAgent, runMatch, verifyReplay } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// Replays are stored packed (replays.packed: brotli of the replay's compact form, or of the runner's JSON
// text) and GET /replay sends the runner's text: for every kind of seat the tests can play (house bots,
// commenting agents, agents that fault and forfeit, hosted llm seats with their call records, a person's
// longer deadline), the served text is exactly JSON.stringify of what the runner returned, and it verifies,
// whether the row holds the compact form (packed format 2, as the worker stores) or the full text (format
// 1, rows stored before compact forms). Rows stored before packed replays (JSONB `data`) are still served
// as before.

let h: Harness;
let owner: Account;

beforeAll(async () => {
  // One account registers every seat of every lineup: more than MAX_AGENTS_PER_ACCOUNT's default.
  h = await startHarness({ worker: false, env: { MAX_AGENTS_PER_ACCOUNT: '1000' } });
  owner = await h.createAccount();
});

afterAll(async () => {
  await h?.stop();
});

const bot = (kind: BotKind, seed: string, name: string): MatchAgent => {
  const b = createBot(kind, { seed });
  return inProcessAgent(name, (req) => b.decide(req));
};

/** Says why it chose, as some agents do. */
const commenting = (seed: string): MatchAgent => {
  const b = createBot('heuristic', { seed });
  return inProcessAgent('commenter', (req) => ({ ...b.decide(req), comment: `${req.phase}: ünïcödé ✓` }));
};

/** Answers nonsense, throws, or fails at the transport: faults until it forfeits. */
const faulty = (): MatchAgent => {
  let n = 0;
  return {
    name: 'faulty',
    decide: async () => {
      n++;
      if (n % 3 === 0) throw new AgentFault('transport_error', 'connection reset');
      if (n % 3 === 1) return { action: { type: 'fly' } };
      throw new Error('boom');
    },
  };
};

/** A hosted llm seat: its decisions carry the model's call records (tokens, raw text, retries). */
const llm = (seed: string): MatchAgent => {
  const b = createBot('random', { seed });
  let n = 0;
  return {
    name: 'llm-seat',
    agentId: 'ag_llmseat',
    timeoutMs: 30_000,
    decide: async (req, _signal, report) => {
      n++;
      const answer = b.decide(req);
      const record: LlmDecision = {
        model: 'test-model',
        promptTokens: 1000 + n,
        completionTokens: 20 + (n % 7),
        latencyMs: 12.5,
        retries: n % 4 === 0 ? 1 : 0,
        raw: JSON.stringify(answer),
        calls: [
          {
            kind: 'first',
            outcome: n % 4 === 0 ? 'rate_limited' : 'answer',
            status: n % 4 === 0 ? 429 : 200,
            latencyMs: 12.5,
            promptTokens: 1000 + n,
            completionTokens: 20 + (n % 7),
            jsonMode: true,
            raw: n % 4 === 0 ? null : `{"action": ${JSON.stringify(answer.action)}} "quoted" \\ and\nnewline`,
            ...(n % 4 === 0 ? { error: 'HTTP 429' } : {}),
          },
        ],
      };
      if (report) report.llm = record;
      return answer;
    },
  };
};

/** A person's seat: its own, longer deadline, recorded in the replay's players. */
const person = (seed: string): MatchAgent => ({ ...bot('honest', seed, 'a-person'), timeoutMs: 60_000 });

const lineups: [string, (seed: string) => MatchAgent[]][] = [
  [
    'four house bots',
    (s) => [
      bot('heuristic', `${s}/0`, 'h0'),
      bot('random', `${s}/1`, 'h1'),
      bot('honest', `${s}/2`, 'h2'),
      bot('heuristic', `${s}/3`, 'h3'),
    ],
  ],
  [
    'comments and a forfeit after faults',
    (s) => [commenting(`${s}/0`), faulty(), bot('random', `${s}/2`, 'r')],
  ],
  ['an llm seat and a person', (s) => [llm(`${s}/0`), person(`${s}/1`), bot('heuristic', `${s}/2`, 'h')]],
  [
    'six seats',
    (s) => Array.from({ length: 6 }, (_, i) => bot(i % 2 ? 'random' : 'heuristic', `${s}/${i}`, `b${i}`)),
  ],
];

/** Plays the lineup as a queued match of the platform and stores its result as the worker does. */
async function playAndStore(
  agents: (seed: string) => MatchAgent[],
  seed: string,
  /** null: packed in full, as rows stored before compact forms. */
  codec: ReplayCodec | null = compactReplayCodec,
  /** Changes the played replay before it is stored. */
  alter?: (replay: Replay) => void,
) {
  const seats = agents(seed);
  const agentIds: string[] = [];
  for (const a of seats) {
    const reg = await h.registerAgent(owner.key, {
      name: uniqueName(a.name),
      endpointUrl: 'http://127.0.0.1:9',
    });
    agentIds.push(reg.id);
  }
  const prisma = h.platform.runtime.prisma;
  const id = await insertMatch(prisma, { agentIds, ranked: false, timeoutMs: 2000, seed });
  const replay = await runMatch({ matchId: id, seed, agents: seats, timeoutMs: 2000 });
  alter?.(replay);
  const out = await storeMatchResult(prisma, id, {
    replay,
    ...(codec ? { codec } : {}),
    ranking: replay.ranking,
    seats: replay.results.map((r) => ({ seat: r.seat, faults: r.faults, forfeited: r.forfeited })),
    seed,
    versions: { engine: replay.engineVersion, ruleset: replay.rulesetVersion, protocol: '1' },
  });
  expect(out).toEqual({ stored: true });
  return { id, replay };
}

describe('compact replays', () => {
  it.each(lineups)(
    "%s: the served JSON is exactly the runner's, and verifies",
    { timeout: 60_000 },
    async (_, agents) => {
      const { id, replay } = await playAndStore(agents, uniqueName('seed'));
      const res = await h.api('GET', `/v1/matches/${id}/replay`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(res.text).toBe(JSON.stringify(replay));
      expect(verifyReplay(Replay.parse(JSON.parse(res.text)))).toEqual({ ok: true });
      const row = await h.db.prisma.replay.findUniqueOrThrow({ where: { matchId: id } });
      expect(row.data).toBeNull();
      expect(packedFormat(row.packed!)).toBe(2);
      expect(row.packed!.length).toBeLessThan(res.text.length / 4);
      const seat = await h.api<SeatReplay>('GET', `/v1/matches/${id}/replay?seat=1`);
      expect(seat.status, seat.text).toBe(200);
      expect(SeatReplay.parse(seat.body)).toEqual(seat.body);
    },
  );

  it('the lineups above produce what they are meant to: faults, a forfeit, comments, llm records, seat deadlines', async () => {
    const forfeits = await playAndStore(lineups[1]![1], uniqueName('seed'));
    expect(forfeits.replay.steps.some((s) => s.kind === 'forfeit')).toBe(true);
    expect(
      forfeits.replay.steps.some((s) => s.kind === 'decision' && s.fault && s.comment === undefined),
    ).toBe(true);
    expect(forfeits.replay.steps.some((s) => s.kind === 'decision' && s.comment)).toBe(true);
    const llmSeat = await playAndStore(lineups[2]![1], uniqueName('seed'));
    expect(llmSeat.replay.steps.some((s) => s.kind === 'decision' && s.llm?.calls[0]?.error)).toBe(true);
    expect(llmSeat.replay.players.map((p) => p.timeoutMs)).toEqual([30_000, 60_000, undefined]);
  });

  it.each(lineups)(
    '%s, packed in full (format 1, as before compact forms): served as it was',
    { timeout: 60_000 },
    async (_, agents) => {
      const { id, replay } = await playAndStore(agents, uniqueName('seed'), null);
      const row = await h.db.prisma.replay.findUniqueOrThrow({ where: { matchId: id } });
      expect(packedFormat(row.packed!)).toBe(1);
      const res = await h.api('GET', `/v1/matches/${id}/replay`);
      expect(res.text).toBe(JSON.stringify(replay));
      expect((await h.api('GET', `/v1/matches/${id}/replay?seat=0`)).status).toBe(200);
    },
  );

  it('a replay the engine cannot re-run is stored in full (format 1) and served as it was', async () => {
    const unknown = (r: Replay) => {
      r.engineVersion = '0.0.1-unknown';
    };
    const { id, replay } = await playAndStore(
      lineups[0]![1],
      uniqueName('seed'),
      compactReplayCodec,
      unknown,
    );
    const row = await h.db.prisma.replay.findUniqueOrThrow({ where: { matchId: id } });
    expect(packedFormat(row.packed!)).toBe(1);
    const res = await h.api('GET', `/v1/matches/${id}/replay`);
    expect(res.text).toBe(JSON.stringify(replay));
  });

  it('a replay stored before packed replays (JSONB data) is served as it was', async () => {
    const { id, replay } = await playAndStore(lineups[0]![1], uniqueName('seed'));
    await h.db.prisma.$executeRaw`
      UPDATE replays SET packed = NULL, data = ${JSON.stringify(replay)}::jsonb WHERE match_id = ${id}`;
    const res = await h.api<Replay>('GET', `/v1/matches/${id}/replay`);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(Replay.parse(replay));
    expect(verifyReplay(res.body)).toEqual({ ok: true });
    expect((await h.api('GET', `/v1/matches/${id}/replay?seat=0`)).status).toBe(200);
  });
});
