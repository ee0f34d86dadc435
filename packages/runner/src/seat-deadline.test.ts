import { describe, expect, it } from 'vitest';
import { replayForSeat } from '@coup/protocol';
import type { DecisionRequest, DecisionStep, LlmDecision, MatchStart } from '@coup/protocol';
import type { DecisionReport, MatchAgent } from './agent';
import { runMatch } from './run';
import { randomAgent } from './testing/agents';
import { verifyReplay } from './verify';

// A seat may play at its own deadline (MatchAgent.timeoutMs: a hosted language-model agent plays at
// LLM_TIMEOUT_MS) while the match's other seats keep theirs; and an agent's report about a decision (an llm
// agent's calls) is recorded in that decision's replay step, even when the deadline passed first.

const decisionsOf = (steps: readonly unknown[], seat: number) =>
  steps.filter(
    (s): s is DecisionStep => (s as DecisionStep).kind === 'decision' && (s as DecisionStep).seat === seat,
  );

const llmRecord = (req: DecisionRequest): LlmDecision => ({
  model: 'stub-model',
  promptTokens: (req.prompt ?? '').length,
  completionTokens: 3,
  latencyMs: 1,
  retries: 0,
  raw: '{"action":{"type":"pass"}}',
  calls: [],
});

describe('per-seat deadlines', () => {
  it("a slow seat with its own longer deadline answers in time while the match's deadline would have cut it", async () => {
    const requests: DecisionRequest[] = [];
    const starts: MatchStart[] = [];
    const inner = randomAgent('patient', 3);
    // Answers after 150 ms: beyond the match's 60 ms deadline, within its own 2000 ms.
    const patient: MatchAgent = {
      name: 'patient',
      timeoutMs: 2000,
      async decide(req, signal) {
        requests.push(req);
        await new Promise((r) => setTimeout(r, 150));
        return inner.decide(req, signal);
      },
      async start(msg) {
        starts.push(msg);
      },
    };
    const replay = await runMatch({
      matchId: 'mt_seat_deadline',
      seed: 'seat-deadline-1',
      agents: [patient, randomAgent('quick-1', 1), randomAgent('quick-2', 2)],
      timeoutMs: 60,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    expect(replay.timeoutMs).toBe(60);
    expect(replay.players[0]).toMatchObject({ seat: 0, name: 'patient', timeoutMs: 2000 });
    expect(replay.players[1]!.timeoutMs).toBeUndefined();
    const mine = decisionsOf(replay.steps, 0).filter((d) => !d.unused);
    expect(mine.length).toBeGreaterThan(0);
    for (const d of mine) expect(d.fault).toBeNull();
    expect(mine.some((d) => d.latencyMs >= 140)).toBe(true);
    // The seat was told its own deadline, in match_start and in every request.
    expect(starts[0]?.timeoutMs).toBe(2000);
    for (const r of requests) {
      expect(r.timeoutMs).toBe(2000);
      const step = replay.steps.find((s) => s.kind === 'decision' && s.decisionId === r.decisionId);
      expect(r.deadline).toBe((step as DecisionStep).requestedAt + 2000);
    }
    // The seat's replay rebuilds exactly what it was sent.
    const seatReplay = replayForSeat(replay, 0);
    expect(seatReplay.timeoutMs).toBe(2000);
    expect(seatReplay.decisions.map((d) => d.request)).toEqual(requests);
  });

  it('a seat with its own shorter deadline faults on timeout while the others wait longer', async () => {
    const sleepy: MatchAgent = {
      name: 'sleepy',
      timeoutMs: 40,
      decide: (_req, signal) =>
        new Promise((_, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    };
    const replay = await runMatch({
      matchId: 'mt_seat_short',
      seed: 'seat-deadline-2',
      agents: [sleepy, randomAgent('a', 1), randomAgent('b', 2)],
      timeoutMs: 5000,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const mine = decisionsOf(replay.steps, 0).filter((d) => !d.unused);
    expect(mine.length).toBe(3);
    for (const d of mine) expect(d.fault).toEqual({ reason: 'timeout', message: 'no answer within 40 ms' });
    expect(replay.results[0]).toMatchObject({ faults: 3, forfeited: true });
  });
});

describe('decision reports', () => {
  it("copies an agent's report into its decision steps, and leaves other seats' steps without one", async () => {
    const inner = randomAgent('reporter', 5);
    const reporter: MatchAgent = {
      name: 'reporter',
      async decide(req, signal, report?: DecisionReport) {
        if (report) report.llm = llmRecord(req);
        return inner.decide(req, signal);
      },
    };
    const replay = await runMatch({
      matchId: 'mt_report',
      seed: 'report-1',
      agents: [reporter, randomAgent('plain', 6)],
      timeoutMs: 2000,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    for (const d of decisionsOf(replay.steps, 0)) {
      expect(d.llm?.model).toBe('stub-model');
      expect(d.llm?.promptTokens).toBeGreaterThan(0);
    }
    for (const d of decisionsOf(replay.steps, 1)) expect(d.llm).toBeUndefined();
    const seat0 = replayForSeat(replay, 0);
    expect(seat0.decisions.every((d) => d.llm?.model === 'stub-model')).toBe(true);
  });

  it('records what the agent had reported by the deadline, as a snapshot', async () => {
    const late: MatchAgent = {
      name: 'late',
      timeoutMs: 50,
      decide: (req, signal, report) =>
        new Promise((_, reject) => {
          if (report) report.llm = { ...llmRecord(req), raw: null, retries: 1 };
          signal.addEventListener('abort', () => {
            // Changes after the deadline must not reach the recorded step.
            if (report?.llm) report.llm.retries = 99;
            reject(signal.reason);
          });
        }),
    };
    const replay = await runMatch({
      matchId: 'mt_report_late',
      seed: 'report-2',
      agents: [late, randomAgent('plain', 7)],
      timeoutMs: 2000,
    });
    const mine = decisionsOf(replay.steps, 0).filter((d) => !d.unused);
    expect(mine.length).toBeGreaterThan(0);
    for (const d of mine) {
      expect(d.fault?.reason).toBe('timeout');
      expect(d.llm).toMatchObject({ model: 'stub-model', retries: 1, raw: null });
    }
  });
});
