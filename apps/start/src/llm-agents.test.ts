import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replay, SeatReplay } from '@coup/protocol';
import type { DecisionStep } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { startStandInLlm, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { ApiResponse, Harness } from './testing/harness';

// Hosted language-model agents through the whole platform (issue 11): registered as a model name and a
// strategy prompt, checked with /check, and played by the worker through the operator's OpenAI-compatible
// server (here the stand-in, on loopback) in a full ranked match with two house bots, every decision's model
// calls recorded in the replay and summed into the profile. A platform without LLM_BASE_URL refuses them.

const MODEL = 'stand-in-7b';
const LLM_TIMEOUT_MS = 4000;
const MATCH_TIMEOUT_MS = 3000;

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}
interface AgentBody {
  id: string;
  transport: string;
  modelName: string | null;
  strategyPrompt?: string | null;
  stats?: {
    matches: number;
    llm?: {
      decisions: number;
      promptTokensPerDecision: number | null;
      completionTokensPerDecision: number | null;
      retriesPerDecision: number | null;
      costPerMatch: number | null;
    } | null;
  };
}

let stand: StandInServer;
let h: Harness;
let house: string[];

beforeAll(async () => {
  stand = await startStandInLlm({
    apiKey: 'sk-stand-in',
    models: [MODEL, 'other-model'],
    behave: (call) => {
      // A "#slow" agent's model thinks 150 ms per question: its match runs long enough to look at it.
      if (call.system.includes('#slow')) return { slowMs: 150 };
      // A "#flaky" agent's model, on its own turns (decisions that never become unused): invalid JSON on
      // its 2nd turn (corrected by the retry), a 500 on its 3rd (asked again after a backoff: no fault).
      if (!call.system.includes('#flaky') || call.corrective) return 'play';
      if (!call.user.includes('Now: choose your action')) return 'play';
      const turn = ++flakyTurns;
      if (turn === 2) return 'invalid_json';
      if (turn === 3) return { status: 500, message: 'stand-in overloaded' };
      return 'play';
    },
  });
  h = await startHarness({
    env: {
      MATCH_TIMEOUT_MS: String(MATCH_TIMEOUT_MS),
      MAX_SEATS_PER_OWNER: '1',
      LLM_BASE_URL: stand.baseUrl,
      LLM_API_KEY: 'sk-stand-in',
      LLM_MODELS: JSON.stringify([
        { name: MODEL, maxConcurrency: 2, promptPricePerMTok: 0.5, completionPricePerMTok: 1.5 },
        'other-model',
      ]),
      LLM_TIMEOUT_MS: String(LLM_TIMEOUT_MS),
      LLM_CURRENCY: 'EUR',
    },
  });
  const res = await h.api<{ items: { id: string; name: string }[] }>('GET', '/v1/agents?house=true');
  house = res.body.items.map((a) => a.id);
}, 60_000);
let flakyTurns = 0;

afterAll(async () => {
  await h?.stop();
  await stand?.close();
});

function expectError(res: ApiResponse<unknown>, status: number, code: string): ErrorBody['error'] {
  expect(res.status, res.text).toBe(status);
  expect(errorShapeProblem(res.body)).toBeNull();
  const error = (res.body as ErrorBody).error;
  expect(error.code).toBe(code);
  return error;
}

async function registerLlm(strategyPrompt: string) {
  const owner = await h.createAccount();
  const agent = await h.registerAgent(owner.key, {
    name: uniqueName('llm'),
    transport: 'llm',
    modelName: MODEL,
    strategyPrompt,
  });
  return { owner, id: agent.id };
}

describe('registering llm agents', () => {
  it('lists the models users may pick', async () => {
    const res = await h.api<{
      enabled: boolean;
      timeoutMs: number;
      currency: string;
      items: { name: string }[];
    }>('GET', '/v1/models');
    expect(res.status).toBe(200);
    expect(res.body.enabled).toBe(true);
    expect(res.body.timeoutMs).toBe(LLM_TIMEOUT_MS);
    // The prices' currency (LLM_CURRENCY), which every cost is shown in.
    expect(res.body.currency).toBe('EUR');
    expect(res.body.items).toEqual([
      { name: MODEL, maxConcurrency: 2, promptPricePerMTok: 0.5, completionPricePerMTok: 1.5 },
      { name: 'other-model', maxConcurrency: 4, promptPricePerMTok: null, completionPricePerMTok: null },
    ]);
  });

  it('registers a model name and a strategy prompt, with no endpoint', async () => {
    const owner = await h.createAccount();
    const res = await h.api<{ agent: AgentBody; secret: string }>('POST', '/v1/agents', {
      key: owner.key,
      body: { name: uniqueName('llm'), transport: 'llm', modelName: MODEL, strategyPrompt: 'Be bold.' },
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.agent).toMatchObject({ transport: 'llm', modelName: MODEL, strategyPrompt: 'Be bold.' });
  });

  it('refuses a model the operator does not list (400 model_not_allowed), a missing model and an endpoint', async () => {
    const owner = await h.createAccount();
    const post = (body: Record<string, unknown>) =>
      h.api('POST', '/v1/agents', {
        key: owner.key,
        body: { name: uniqueName('llm'), transport: 'llm', ...body },
      });
    const unknown = expectError(await post({ modelName: 'gpt-9' }), 400, 'model_not_allowed');
    expect(unknown.message).toContain(`"gpt-9" is not one of this platform's models: ${MODEL}, other-model`);
    expect(unknown.details).toMatchObject({ model: 'gpt-9', allowed: [MODEL, 'other-model'] });
    const missing = expectError(await post({}), 400, 'validation_failed');
    expect(JSON.stringify(missing)).toContain('modelName');
    const endpoint = expectError(
      await post({ modelName: MODEL, endpointUrl: 'http://127.0.0.1:9' }),
      400,
      'validation_failed',
    );
    expect(JSON.stringify(endpoint)).toContain('no endpointUrl');
    // Changing the model later is checked the same way.
    const { owner: o2, id } = await registerLlm('x');
    const patch = await h.api('PATCH', `/v1/agents/${id}`, { key: o2.key, body: { modelName: 'gpt-9' } });
    expectError(patch, 400, 'model_not_allowed');
    const ok = await h.api<AgentBody>('PATCH', `/v1/agents/${id}`, {
      key: o2.key,
      body: { modelName: 'other-model' },
    });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.modelName).toBe('other-model');
    const url = await h.api('PATCH', `/v1/agents/${id}`, {
      key: o2.key,
      body: { endpointUrl: 'http://127.0.0.1:9' },
    });
    expect(expectError(url, 409, 'conflict').message).toBe('a llm agent has no endpointUrl');
  });

  it('/check asks the model one sample decision and shows its calls to the owner', async () => {
    const { owner, id } = await registerLlm(`Check me. ${STAND_IN_SHARP}`);
    const res = await h.api<{
      ok: boolean;
      fault: unknown;
      request: { timeoutMs: number; strategyPrompt?: string };
      llm?: { model: string; promptTokens: number; raw: string | null };
    }>('POST', `/v1/agents/${id}/check`, { key: owner.key });
    expect(res.status, res.text).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(res.body.fault).toBeNull();
    expect(res.body.request.timeoutMs).toBe(LLM_TIMEOUT_MS);
    expect(res.body.llm?.model).toBe(MODEL);
    expect(res.body.llm?.promptTokens).toBeGreaterThan(0);
    expect(res.body.llm?.raw).toContain('"action"');
    const call = stand.calls.at(-1);
    expect(call?.system).toContain(`Check me. ${STAND_IN_SHARP}`);
    expect(call?.authorization).toBe('Bearer sk-stand-in');
  });
});

describe('a ranked match of two llm agents and two house bots', () => {
  it('plays through the worker, records every model call in the replay and sums tokens and cost in profiles', async () => {
    const steady = await registerLlm(`Play the percentages. ${STAND_IN_SHARP}`);
    const flaky = await registerLlm(`#flaky ${STAND_IN_SHARP}`);
    const seats = [steady.id, house[0] as string, flaky.id, house[1] as string];
    const id = await h.queueMatch(h.adminKey, seats, { ranked: true });
    const match = await h.waitForMatch(id, 120_000);
    expect(match.status, match.abortReason ?? '').toBe('finished');

    const res = await h.api('GET', `/v1/matches/${id}/replay`);
    expect(res.status).toBe(200);
    const replay = Replay.parse(res.body);
    expect(verifyReplay(replay)).toEqual({ ok: true });
    // llm seats played at LLM_TIMEOUT_MS, the house bots at the match's deadline.
    expect(replay.timeoutMs).toBe(MATCH_TIMEOUT_MS);
    expect(replay.players.map((p) => p.timeoutMs)).toEqual([
      LLM_TIMEOUT_MS,
      undefined,
      LLM_TIMEOUT_MS,
      undefined,
    ]);

    const decisions = replay.steps.filter((s): s is DecisionStep => s.kind === 'decision' && !s.unused);
    for (const d of decisions) {
      if (d.seat === 1 || d.seat === 3) {
        expect(d.llm).toBeUndefined();
        continue;
      }
      expect(d.llm?.model).toBe(MODEL);
      expect(d.llm?.calls.length).toBeGreaterThan(0);
      expect(d.llm?.latencyMs).toBeGreaterThanOrEqual(0);
      if (d.llm?.calls.some((c) => c.outcome === 'answer')) {
        expect(d.llm.promptTokens).toBeGreaterThan(0);
        expect(d.llm.completionTokens).toBeGreaterThan(0);
        expect(d.llm.raw).not.toBeNull();
      }
    }
    const steadySteps = decisions.filter((d) => d.seat === 0);
    const flakySteps = decisions.filter((d) => d.seat === 2);
    expect(steadySteps.length).toBeGreaterThan(0);
    expect(steadySteps.every((d) => d.fault === null && d.llm?.retries === 0)).toBe(true);
    // The flaky model's trouble is in the record: its 2nd turn corrected (a retry, no fault), its 3rd a
    // 500 that the backoff retry rode out (no fault either).
    const turns = flakySteps.filter((d) => d.phase === 'action');
    if (turns.length >= 2) {
      const second = turns[1] as DecisionStep;
      expect(second.llm?.retries).toBe(1);
      expect(second.llm?.calls.map((c) => c.kind)).toEqual(['first', 'corrective']);
      expect(second.llm?.calls[0]?.error).toMatch(/no JSON object/);
      expect(second.fault).toBeNull();
    }
    if (turns.length >= 3) {
      const third = turns[2] as DecisionStep;
      expect(third.llm?.calls.map((c) => [c.kind, c.status])).toEqual([
        ['first', 500],
        ['backoff', 200],
      ]);
      expect(third.llm?.calls[0]?.error).toMatch(/stand-in overloaded/);
      expect(third.fault).toBeNull();
    }

    // A seat's own replay carries its model calls too (served after the match, like the full replay).
    const seatRes = await h.api('GET', `/v1/matches/${id}/replay?seat=0`);
    const seat0 = SeatReplay.parse(seatRes.body);
    expect(seat0.timeoutMs).toBe(LLM_TIMEOUT_MS);
    expect(seat0.decisions.filter((d) => !d.unused).every((d) => d.llm?.model === MODEL)).toBe(true);
    const house1 = SeatReplay.parse((await h.api('GET', `/v1/matches/${id}/replay?seat=1`)).body);
    expect(house1.decisions.every((d) => d.llm === undefined)).toBe(true);

    // The profile: tokens per decision and, with prices in LLM_MODELS, cost per match (ranked matches).
    const profile = await h.api<AgentBody>('GET', `/v1/agents/${steady.id}`);
    const llm = profile.body.stats?.llm;
    expect(profile.body.stats?.matches).toBe(1);
    expect(llm?.decisions).toBeGreaterThan(0);
    const allSteps = replay.steps.filter(
      (s): s is DecisionStep => s.kind === 'decision' && s.seat === 0 && !!s.llm,
    );
    const prompt = allSteps.reduce((n, s) => n + (s.llm?.promptTokens ?? 0), 0);
    const completion = allSteps.reduce((n, s) => n + (s.llm?.completionTokens ?? 0), 0);
    expect(llm?.decisions).toBe(allSteps.length);
    expect(llm?.promptTokensPerDecision).toBeCloseTo(prompt / allSteps.length, 0);
    expect(llm?.completionTokensPerDecision).toBeCloseTo(completion / allSteps.length, 0);
    expect(llm?.costPerMatch).toBeCloseTo((prompt * 0.5 + completion * 1.5) / 1e6, 5);
    const houseProfile = await h.api<AgentBody>('GET', `/v1/agents/${house[0]}`);
    expect(houseProfile.body.stats?.llm ?? null).toBeNull();
  }, 180_000);
});

describe('while an llm match runs', () => {
  it('nobody gets its model calls: no replay yet (409), and the live view carries public events only', async () => {
    const slow = await registerLlm(`#slow ${STAND_IN_SHARP}`);
    const id = await h.queueMatch(h.adminKey, [slow.id, house[0] as string], { ranked: true });
    const keys = h.platform.runtime.keys;
    // Someone watches (the live view publishes only then): wait until it has published something.
    await h.platform.runtime.redis.set(keys.matchWatched(id), '1', 'EX', 60);
    let log: string[] = [];
    for (let i = 0; i < 100 && log.length < 3; i++) {
      await new Promise((r) => setTimeout(r, 100));
      log = await h.platform.runtime.redis.lrange(keys.matchLog(id), 0, -1);
    }
    expect(log.length).toBeGreaterThanOrEqual(3);
    for (const q of ['', '?seat=0', '?seat=1']) {
      const res = await h.api('GET', `/v1/matches/${id}/replay${q}`, { key: slow.owner.key });
      expectError(res, 409, 'match_not_finished');
    }
    for (const line of log) {
      expect(line).not.toContain('"llm"');
      expect(line).not.toContain('promptTokens');
      expect(line).not.toContain('stand-in');
    }
    const done = await h.waitForMatch(id, 120_000);
    expect(done.status).toBe('finished');
    const replay = Replay.parse((await h.api('GET', `/v1/matches/${id}/replay`)).body);
    expect(replay.steps.some((s) => s.kind === 'decision' && s.llm?.model === MODEL)).toBe(true);
  }, 180_000);
});

describe('a platform without LLM_BASE_URL', () => {
  it('refuses llm agents with 409 llm_not_configured, saying what the operator must set', async () => {
    const bare = await startHarness({ worker: false });
    try {
      const owner = await bare.createAccount();
      const res = await bare.api('POST', '/v1/agents', {
        key: owner.key,
        body: { name: uniqueName('llm'), transport: 'llm', modelName: MODEL },
      });
      const error = expectError(res, 409, 'llm_not_configured');
      expect(error.message).toContain('LLM_BASE_URL');
      const models = await bare.api<{ enabled: boolean; items: unknown[] }>('GET', '/v1/models');
      expect(models.body).toMatchObject({ enabled: false, items: [] });
    } finally {
      await bare.stop();
    }
  });
});
