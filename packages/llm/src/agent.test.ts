import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGame } from '@coup/engine';
import { buildDecisionRequest, decisionId } from '@coup/protocol';
import type { DecisionRequest, DecisionStep, LlmDecision } from '@coup/protocol';
import { AgentFault, runMatch, verifyReplay } from '@coup/runner';
import type { DecisionReport } from '@coup/runner';
import { randomAgent } from '@coup/runner/testing';
import { MAX_SERVER_RETRIES } from './agent';
import { DEFAULT_MAX_TOKENS } from './models';
import { LlmService } from './service';
import { startStandInLlm, STAND_IN_SHARP } from './testing/index';
import type { StandInBehaviour, StandInCall, StandInServer } from './testing/index';

// The hosted llm agent against the stand-in OpenAI-compatible server, over real HTTP with the real client
// (the openai SDK): legal answers, prose around the JSON, invalid JSON and illegal actions (one corrective
// retry, then the fault), 429s, 500s and dropped connections (backoff inside the deadline), max_tokens, slow
// answers (the deadline holds), servers
// without JSON mode, and what each decision records (tokens, latency, retries, raw answer).

const MODEL = 'stand-in-7b';
let server: StandInServer;
/** How the stand-in answers, per test: set before each scenario. */
let script: (call: StandInCall) => StandInBehaviour = () => 'play';

beforeAll(async () => {
  server = await startStandInLlm({ behave: (c) => script(c), apiKey: 'sk-test-key' });
});
afterAll(async () => {
  await server.close();
});

function service(timeoutMs = 3000, baseUrl = server.baseUrl) {
  return new LlmService({
    baseUrl,
    apiKey: 'sk-test-key',
    models: [{ name: MODEL, maxConcurrency: 2 }],
    timeoutMs,
  });
}

function request(timeoutMs: number): DecisionRequest {
  const state = createGame({ players: 3, seed: 'llm-agent-test' });
  const seat = state.activeSeat;
  return buildDecisionRequest({
    state,
    seat,
    matchId: 'mt_llm',
    decisionId: decisionId('mt_llm', 0, seat),
    deadline: Date.now() + timeoutMs,
    timeoutMs,
    names: ['a', 'b', 'c'],
    history: [],
    strategyPrompt: `Play carefully. ${STAND_IN_SHARP}`,
  });
}

/** One decision: the answer (or the fault) and the report. */
async function decideOnce(timeoutMs = 3000, svc = service(timeoutMs)) {
  const req = request(timeoutMs);
  const agent = svc.agent({
    name: 'llm-test',
    model: MODEL,
    strategyPrompt: `Play carefully. ${STAND_IN_SHARP}`,
  });
  const report: DecisionReport = {};
  const signal = AbortSignal.timeout(timeoutMs);
  const started = performance.now();
  let answer: unknown = null;
  let fault: AgentFault | null = null;
  try {
    answer = await agent.decide(req, signal, report);
  } catch (err) {
    if (!(err instanceof AgentFault)) throw err;
    fault = err;
  }
  report.onRecord?.();
  const llm = report.llm as LlmDecision;
  return { req, answer, fault, llm, ms: performance.now() - started };
}

const isLegal = (req: DecisionRequest, answer: unknown) =>
  req.legalActions.some((a) => JSON.stringify(a) === JSON.stringify((answer as { action: unknown }).action));

describe('llm agent', () => {
  it('sends the rules, the strategy prompt and the decision prompt, and records tokens and the raw answer', async () => {
    script = () => 'play';
    const before = server.calls.length;
    const { req, answer, fault, llm } = await decideOnce();
    expect(fault).toBeNull();
    expect(isLegal(req, answer)).toBe(true);
    const call = server.calls[before] as StandInCall;
    expect(call.model).toBe(MODEL);
    expect(call.authorization).toBe('Bearer sk-test-key');
    expect(call.jsonMode).toBe(true);
    expect(call.system).toContain('You are playing Coup');
    expect(call.system).toContain('assassinate: the target loses 1 influence; costs 3 coins');
    expect(call.system).toContain(`Play carefully. ${STAND_IN_SHARP}`);
    expect(call.user).toContain(req.prompt);
    expect(llm).toMatchObject({ model: MODEL, retries: 0 });
    expect(llm.promptTokens).toBeGreaterThan(100);
    expect(llm.completionTokens).toBeGreaterThan(0);
    expect(llm.raw).toContain('"action"');
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]).toMatchObject({ kind: 'first', outcome: 'answer', status: 200, jsonMode: true });
    expect(llm.latencyMs).toBeGreaterThan(0);
  });

  it('finds the action in prose and code fences', async () => {
    script = () => 'play_text';
    const { req, answer, fault, llm } = await decideOnce();
    expect(fault).toBeNull();
    expect(isLegal(req, answer)).toBe(true);
    expect(llm.retries).toBe(0);
    expect(llm.raw).toContain('```json');
  });

  it('retries once with the error after invalid JSON, and plays the corrected answer without a fault', async () => {
    script = (c) => (c.corrective ? 'play' : 'invalid_json');
    const before = server.calls.length;
    const { req, answer, fault, llm } = await decideOnce();
    expect(fault).toBeNull();
    expect(isLegal(req, answer)).toBe(true);
    expect(llm.retries).toBe(1);
    expect(llm.calls.map((c) => c.kind)).toEqual(['first', 'corrective']);
    expect(llm.calls[0]?.error).toMatch(/no JSON object/);
    const second = server.calls[before + 1] as StandInCall;
    expect(second.messages.at(-2)).toMatchObject({ role: 'assistant' });
    expect(second.messages.at(-1)?.content).toMatch(/cannot be played: no JSON object/);
    expect(llm.promptTokens).toBe((llm.calls[0]?.promptTokens ?? 0) + (llm.calls[1]?.promptTokens ?? 0));
  });

  it('faults invalid_answer when the corrected answer is still not JSON (two calls, no more)', async () => {
    script = () => 'invalid_json';
    const { fault, llm } = await decideOnce();
    expect(fault?.reason).toBe('invalid_answer');
    expect(fault?.message).toMatch(/no JSON object/);
    expect(llm.calls).toHaveLength(2);
    expect(llm.raw).toMatch(/let me think/);
  });

  it('faults invalid_answer, naming the depth, when the model answers JSON nested 9,000 levels deep', async () => {
    const deep = '{"a":'.repeat(9000) + '1' + '}'.repeat(9000);
    script = () => ({ text: `{"action":{"type":"income","extra":${deep}}}` });
    const { fault, llm } = await decideOnce();
    expect(fault?.reason).toBe('invalid_answer');
    expect(fault?.message).toBe(
      `model ${MODEL}: the answer: nests arrays and objects more than 64 levels deep`,
    );
    expect(llm.calls.map((c) => c.kind)).toEqual(['first', 'corrective']);
  });

  it('returns an illegal action after the corrective retry, for the runner to fault as illegal_action', async () => {
    script = () => 'illegal';
    const { answer, fault, llm } = await decideOnce();
    expect(fault).toBeNull();
    expect(answer).toEqual({ action: { type: 'fly_away' } });
    expect(llm.calls).toHaveLength(2);
    expect(llm.calls[1]?.error).toMatch(/is not one of/);
  });

  it('waits out a 429 (Retry-After) and asks again within the deadline', async () => {
    let n = 0;
    script = () => (n++ === 0 ? { status: 429, retryAfterS: 0.2 } : 'play');
    const { req, answer, fault, llm } = await decideOnce();
    expect(fault).toBeNull();
    expect(isLegal(req, answer)).toBe(true);
    expect(llm.calls.map((c) => [c.kind, c.outcome, c.status])).toEqual([
      ['first', 'rate_limited', 429],
      ['backoff', 'answer', 200],
    ]);
    expect(llm.retries).toBe(1);
  });

  it('gives up on 429s before the deadline: an http_status fault, in time', async () => {
    script = () => ({ status: 429 });
    const { fault, llm, ms } = await decideOnce(800);
    expect(fault?.reason).toBe('http_status');
    expect(fault?.message).toMatch(/rate limited \(429\)/);
    expect(llm.calls.length).toBeGreaterThan(1);
    expect(llm.calls.every((c) => c.outcome === 'rate_limited')).toBe(true);
    expect(ms).toBeLessThan(800);
  });

  it('asks again after one 500 (with a backoff, inside the deadline) and plays the answer: no fault', async () => {
    let n = 0;
    script = () => (n++ === 0 ? { status: 500, message: 'model crashed' } : 'play');
    const { req, answer, fault, llm } = await decideOnce();
    expect(fault).toBeNull();
    expect(isLegal(req, answer)).toBe(true);
    expect(llm.calls.map((c) => [c.kind, c.outcome, c.status])).toEqual([
      ['first', 'http_error', 500],
      ['backoff', 'answer', 200],
    ]);
    expect(llm.calls[0]?.error).toMatch(/model crashed/);
    expect(llm.retries).toBe(1);
  });

  it('asks again after a dropped connection: no fault', async () => {
    let n = 0;
    script = () => (n++ === 0 ? 'drop' : 'play');
    const { req, answer, fault, llm } = await decideOnce();
    expect(fault).toBeNull();
    expect(isLegal(req, answer)).toBe(true);
    expect(llm.calls.map((c) => [c.kind, c.outcome])).toEqual([
      ['first', 'error'],
      ['backoff', 'answer'],
    ]);
  });

  it(`faults http_status when the server keeps failing: ${MAX_SERVER_RETRIES} retries, no more`, async () => {
    script = () => ({ status: 503, message: 'model down' });
    const { fault, llm } = await decideOnce(5000);
    expect(fault?.reason).toBe('http_status');
    expect(fault?.message).toMatch(/503.*model down.*after 3 retries/);
    expect(llm.calls).toHaveLength(MAX_SERVER_RETRIES + 1);
    expect(llm.calls.slice(1).every((c) => c.kind === 'backoff')).toBe(true);
  });

  it('never retries past the deadline: a 500 with too little time left is a fault, in time', async () => {
    script = () => ({ status: 500, retryAfterS: 5 });
    const { fault, llm, ms } = await decideOnce(800);
    expect(fault?.reason).toBe('http_status');
    expect(llm.calls).toHaveLength(1);
    expect(ms).toBeLessThan(800);
  });

  it("sends max_tokens on every call: the model's maxTokens, else DEFAULT_MAX_TOKENS", async () => {
    script = () => 'play';
    const before = server.calls.length;
    await decideOnce();
    expect(server.calls[before]?.maxTokens).toBe(DEFAULT_MAX_TOKENS);
    const capped = new LlmService({
      baseUrl: server.baseUrl,
      apiKey: 'sk-test-key',
      models: [{ name: MODEL, maxConcurrency: 2, maxTokens: 64 }],
      timeoutMs: 3000,
    });
    script = (c) => (c.corrective ? 'play' : 'invalid_json');
    const mark = server.calls.length;
    await decideOnce(3000, capped);
    // The first call and the corrective retry alike.
    expect(server.calls.slice(mark).map((c) => c.maxTokens)).toEqual([64, 64]);
  });

  it("hands each answer's token usage to onUsage as the call completes", async () => {
    script = (c) => (c.corrective ? 'play' : 'invalid_json');
    const seen: { promptTokens: number; completionTokens: number }[] = [];
    const agent = service().agent({ name: 'metered', model: MODEL, onUsage: (u) => seen.push(u) });
    const report: DecisionReport = {};
    await agent.decide(request(3000), AbortSignal.timeout(3000), report);
    const llm = report.llm as LlmDecision;
    expect(seen).toEqual(
      llm.calls.map((c) => ({ promptTokens: c.promptTokens, completionTokens: c.completionTokens })),
    );
    expect(seen).toHaveLength(2);
    expect(seen.every((u) => u.promptTokens > 0 && u.completionTokens > 0)).toBe(true);
  });

  it('stops at the deadline when the model is slow, and records the call as cut', async () => {
    script = () => ({ slowMs: 2000 });
    const { fault, llm, ms } = await decideOnce(400);
    expect(fault?.reason).toBe('timeout');
    expect(ms).toBeLessThan(1500);
    expect(llm.calls).toHaveLength(1);
    expect(llm.calls[0]?.outcome).toBe('aborted');
  });

  it('asks again without JSON mode when the server refuses response_format, and remembers it', async () => {
    const plain = await startStandInLlm({ jsonMode: false });
    try {
      const svc = service(3000, plain.baseUrl);
      const first = await decideOnce(3000, svc);
      expect(first.fault).toBeNull();
      expect(first.llm.calls.map((c) => [c.kind, c.status, c.jsonMode])).toEqual([
        ['first', 400, true],
        ['plain', 200, false],
      ]);
      const second = await decideOnce(3000, svc);
      expect(second.llm.calls.map((c) => [c.kind, c.jsonMode])).toEqual([['first', false]]);
    } finally {
      await plain.close();
    }
  });

  it("keeps the match's earlier exchanges within historyTokens, newest first, and forgets them in a new match", async () => {
    script = () => 'play';
    const svc = (historyTokens: number) =>
      new LlmService({
        baseUrl: server.baseUrl,
        apiKey: 'sk-test-key',
        models: [{ name: MODEL, maxConcurrency: 2, historyTokens }],
        timeoutMs: 3000,
      });
    const ask = async (agent: ReturnType<LlmService['agent']>, matchId: string, seed: string) => {
      const state = createGame({ players: 2, seed });
      const seat = state.activeSeat;
      const req = buildDecisionRequest({
        state,
        seat,
        matchId,
        decisionId: decisionId(matchId, 0, seat),
        deadline: Date.now() + 3000,
        timeoutMs: 3000,
        names: ['a', 'b'],
        history: [],
      });
      await agent.decide(req, AbortSignal.timeout(3000));
      return { req, call: server.calls.at(-1) as StandInCall };
    };
    const roles = (c: StandInCall) => c.messages.map((m) => m.role).join(',');

    const keeping = svc(100_000).agent({ name: 'memory', model: MODEL });
    const first = await ask(keeping, 'mt_a', 'h1');
    expect(roles(first.call)).toBe('system,user');
    const second = await ask(keeping, 'mt_a', 'h2');
    expect(roles(second.call)).toBe('system,user,assistant,user');
    expect(second.call.messages[1]?.content).toContain(first.req.prompt);
    expect(second.call.user).toContain(second.req.prompt);
    const third = await ask(keeping, 'mt_a', 'h3');
    expect(roles(third.call)).toBe('system,user,assistant,user,assistant,user');
    // A new match starts a new conversation.
    expect(roles((await ask(keeping, 'mt_b', 'h4')).call)).toBe('system,user');

    // A budget that holds one exchange keeps only the newest.
    const tokens = Math.ceil((first.call.messages[1]?.content.length ?? 0) / 4) + 40;
    const tight = svc(tokens).agent({ name: 'tight', model: MODEL });
    await ask(tight, 'mt_c', 'h1');
    const b = await ask(tight, 'mt_c', 'h2');
    const c = await ask(tight, 'mt_c', 'h3');
    expect(roles(c.call)).toBe('system,user,assistant,user');
    expect(c.call.messages[1]?.content).toContain(b.req.prompt);
    // Off by default.
    const plain = service().agent({ name: 'plain', model: MODEL });
    await ask(plain, 'mt_d', 'h1');
    expect(roles((await ask(plain, 'mt_d', 'h2')).call)).toBe('system,user');
  });

  it('keeps what it records storable: no NUL from the model in a fault, no half surrogate in a cut comment', async () => {
    script = () => ({ text: 'no json \u0000 here \uD800' });
    const bad = await decideOnce();
    expect(bad.fault?.reason).toBe('invalid_answer');
    expect(bad.fault?.message.includes('\u0000') || bad.fault?.message.includes('\uD800')).toBe(false);
    expect(bad.llm.raw).toBe('no json \uFFFD here \uFFFD');
    expect(bad.llm.calls[0]?.error?.includes('\u0000')).toBe(false);
    const comment = `${'a'.repeat(279)}\u{1F600}${'b'.repeat(50)}`;
    script = () => ({ text: JSON.stringify({ action: { type: 'income' }, comment }) });
    const long = await decideOnce();
    expect(long.fault).toBeNull();
    const kept = (long.answer as { comment: string }).comment;
    expect(kept).toBe('a'.repeat(279));
    expect(kept).not.toMatch(/[\uD800-\uDFFF]/);
  });

  it('is a transport_error when the server cannot be reached (after its retries)', async () => {
    const { fault, llm } = await decideOnce(3000, service(3000, 'http://127.0.0.1:9/v1'));
    expect(fault?.reason).toBe('transport_error');
    expect(llm.calls.map((c) => c.outcome)).toEqual(Array(MAX_SERVER_RETRIES + 1).fill('error'));
  });
});

describe('llm agents in a match', () => {
  it('records faults, retries and tokens in the replay, which verifies', async () => {
    // Seat 0's model: invalid JSON every 5th question (corrected), a 429 every 7th (waited out), a 500 on the
    // 9th (asked again: no fault). Seat 1 always answers.
    // Counted per question of the faulty seat (its own calls are sequential), so the match is the same on
    // every run: the stand-in's sharp play and the random agent are deterministic.
    const asked = new Map<string, number>();
    let questions = 0;
    script = (c) => {
      if (!c.system.includes('#faulty')) return 'play';
      if (c.corrective) return 'play';
      const n = (asked.get(c.user) ?? 0) + 1;
      asked.set(c.user, n);
      if (n > 1) return 'play';
      const k = questions++;
      if (k % 9 === 8) return { status: 500 };
      if (k % 7 === 6) return { status: 429, retryAfterS: 0 };
      if (k % 5 === 4) return 'invalid_json';
      return 'play';
    };
    const svc = service(3000);
    const replay = await runMatch({
      matchId: 'mt_llm_match',
      seed: 'llm-match-1',
      agents: [
        svc.agent({ name: 'faulty', model: MODEL, strategyPrompt: `#faulty ${STAND_IN_SHARP}` }),
        svc.agent({ name: 'steady', model: MODEL, strategyPrompt: STAND_IN_SHARP }),
        randomAgent('random', 3),
      ],
      timeoutMs: 1000,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    expect(replay.players[0]?.timeoutMs).toBe(3000);
    expect(replay.players[2]?.timeoutMs).toBeUndefined();
    const steps = replay.steps.filter((s): s is DecisionStep => s.kind === 'decision');
    const llmSteps = steps.filter((s) => s.seat !== 2 && !s.unused);
    expect(llmSteps.length).toBeGreaterThan(5);
    for (const s of llmSteps) {
      expect(s.llm?.model).toBe(MODEL);
      // Every call the model answered counts its tokens (a 500 reports none).
      const answered = s.llm?.calls.filter((c) => c.outcome === 'answer') ?? [];
      expect(s.llm?.promptTokens).toBe(answered.reduce((n, c) => n + (c.promptTokens ?? 0), 0));
      if (answered.length > 0) expect(s.llm?.promptTokens).toBeGreaterThan(0);
    }
    for (const s of steps.filter((x) => x.seat === 2)) expect(s.llm).toBeUndefined();
    const calls = llmSteps.flatMap((s) => s.llm?.calls ?? []);
    // Whatever the match's length, the scripted trouble shows in the records.
    expect(calls.some((c) => c.kind === 'corrective')).toBe(true);
    const http500 = llmSteps.filter((s) => s.llm?.calls.some((c) => c.status === 500));
    expect(http500.length).toBeGreaterThan(0);
    for (const s of http500) {
      expect(s.fault).toBeNull();
      expect(s.llm?.calls.at(-1)?.outcome).toBe('answer');
    }
    const rateLimited = llmSteps.filter((s) => s.llm?.calls.some((c) => c.outcome === 'rate_limited'));
    expect(rateLimited.length).toBeGreaterThan(0);
    for (const s of rateLimited) {
      expect(s.llm?.retries).toBeGreaterThan(0);
      expect(s.fault).toBeNull();
    }
    expect(replay.results[0]?.faults).toBe(0);
    expect(replay.results[1]?.faults).toBe(0);
  });

  it("plays an Inquisitor match told that game's rules, named by its match_start", async () => {
    script = () => 'play';
    const before = server.calls.length;
    const svc = service(3000);
    const replay = await runMatch({
      matchId: 'mt_llm_inq',
      seed: 'llm-inq-1',
      ruleset: 'inquisitors',
      agents: [
        svc.agent({ name: 'steady', model: MODEL, strategyPrompt: STAND_IN_SHARP }),
        randomAgent('r', 4),
      ],
      timeoutMs: 1000,
    });
    expect(verifyReplay(replay)).toEqual({ ok: true });
    const calls = server.calls.slice(before);
    expect(calls.length).toBeGreaterThan(2);
    for (const c of calls) {
      expect(c.system).toContain('variant "inquisitors"');
      expect(c.system).toContain('- interrogate:');
      expect(c.system).not.toContain('ambassador');
    }
    expect(replay.results[0]?.faults).toBe(0);
  });
});
