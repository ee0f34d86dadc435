import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replay } from '@coup/protocol';
import type { DecisionStep } from '@coup/protocol';
import { runCli } from '@coup/cli/testing';
import { startStandInLlm, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import type { AccountMe, Agent, Experiment } from '@coup/api-contract/types';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Account, ApiResponse, Harness } from './testing/harness';

// One account cannot run up the operator's model bill (issue 17): caps on how many agents (and llm agents)
// an account registers, and daily token budgets (per account, and per model for the whole platform)
// counted from each model answer's usage as calls complete: the account that asks for a match, table or
// experiment pays for its llm seats (the owner, in ranked play and /check). Once spent: new matches,
// tables, experiments, queue joins and checks are refused with 429 llm_budget_exhausted, the account's llm
// agents leave the ranked queue with that reason, and matches already running finish. The real platform
// (Postgres, Redis, HTTP, the in-process worker and matchmaker) against the stand-in model server.

const MODEL = 'stand-in-7b';
const CAPPED = 'capped-model';
/** A few model calls (the stand-in reports ~850 prompt tokens each: the rules and the decision). */
const BUDGET = 2000;
const MODEL_BUDGET = 1000;

let stand: StandInServer;
let h: Harness;
let house: string;

beforeAll(async () => {
  stand = await startStandInLlm({ models: [MODEL, CAPPED] });
  h = await startHarness({
    env: {
      LLM_BASE_URL: stand.baseUrl,
      LLM_MODELS: JSON.stringify([
        { name: MODEL, maxConcurrency: 8, promptPricePerMTok: 1, completionPricePerMTok: 2 },
        { name: CAPPED, maxTokensPerDay: MODEL_BUDGET },
      ]),
      LLM_TOKENS_PER_ACCOUNT_PER_DAY: String(BUDGET),
      // The stand-in answers at once; a generous deadline keeps a loaded machine from causing faults.
      LLM_TIMEOUT_MS: '15000',
      // The ranked queue is matched every second (house agents are always in it).
      MATCHMAKER_INTERVAL_MS: '1000',
    },
  });
  house = await h.houseAgent('random');
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await stand?.close();
});

interface ErrorBody {
  error: { code: string; message: string; details?: Record<string, unknown> };
}

function expectError(res: ApiResponse<unknown>, status: number, code: string): ErrorBody['error'] {
  expect(res.status, res.text).toBe(status);
  expect(errorShapeProblem(res.body)).toBeNull();
  const error = (res.body as ErrorBody).error;
  expect(error.code).toBe(code);
  return error;
}

const nextUtcMidnight = () => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + 1)).toISOString();
};

const register = (key: string, body: Record<string, unknown>) =>
  h.api<{ agent: Agent; secret: string }>('POST', '/v1/agents', { key, body });

const llmBody = (model = MODEL, prompt = STAND_IN_SHARP) => ({
  name: uniqueName('llm'),
  transport: 'llm',
  modelName: model,
  strategyPrompt: prompt,
});

async function registerLlm(owner: Account, model = MODEL, prompt = STAND_IN_SHARP): Promise<string> {
  const res = await register(owner.key, llmBody(model, prompt));
  expect(res.status, res.text).toBe(201);
  return res.body.agent.id;
}

const me = async (key: string) => {
  const res = await h.api<AccountMe>('GET', '/v1/accounts/me', { key });
  expect(res.status, res.text).toBe(200);
  return res.body;
};

/** Model tokens (prompt + completion) the replay records for these seats. */
async function replayTokens(matchId: string, seats: number[]): Promise<number> {
  const replay = Replay.parse((await h.api('GET', `/v1/matches/${matchId}/replay`)).body);
  return replay.steps
    .filter((s): s is DecisionStep => s.kind === 'decision' && seats.includes(s.seat) && !!s.llm)
    .reduce((n, s) => n + (s.llm?.promptTokens ?? 0) + (s.llm?.completionTokens ?? 0), 0);
}

/** Polls the account's usage until `ok` holds (usage is written as calls complete, a moment later). */
async function usageWhen(key: string, ok: (u: AccountMe['llmUsage']) => boolean, ms = 20_000) {
  const until = Date.now() + ms;
  let u = (await me(key)).llmUsage;
  while (!ok(u) && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 200));
    u = (await me(key)).llmUsage;
  }
  return u;
}

describe('agent caps per account', () => {
  it('registers at most MAX_AGENTS_PER_ACCOUNT (20) agents, even in parallel; a deleted one frees a place', async () => {
    const owner = await h.createAccount();
    const all = await Promise.all(
      Array.from({ length: 25 }, () => register(owner.key, { name: uniqueName('ws'), transport: 'ws' })),
    );
    expect(all.filter((r) => r.status === 201)).toHaveLength(20);
    const refused = all.filter((r) => r.status !== 201);
    expect(refused).toHaveLength(5);
    for (const r of refused) {
      const error = expectError(r, 409, 'too_many_agents');
      expect(error.message).toContain('MAX_AGENTS_PER_ACCOUNT');
      expect(error.details).toEqual({ count: 20, limit: 20 });
    }
    const first = all.find((r) => r.status === 201)?.body.agent.id as string;
    expect((await h.api('DELETE', `/v1/agents/${first}`, { key: owner.key })).status).toBe(204);
    expect((await register(owner.key, { name: uniqueName('ws'), transport: 'ws' })).status).toBe(201);
    expectError(
      await register(owner.key, { name: uniqueName('ws'), transport: 'ws' }),
      409,
      'too_many_agents',
    );
  }, 60_000);

  it("registers at most MAX_LLM_AGENTS_PER_ACCOUNT (3) llm agents; an experiment's hidden agents do not count", async () => {
    const owner = await h.createAccount();
    const mine = [await registerLlm(owner), await registerLlm(owner), await registerLlm(owner)];
    const fourth = expectError(await register(owner.key, llmBody()), 409, 'too_many_llm_agents');
    expect(fourth.message).toContain('MAX_LLM_AGENTS_PER_ACCOUNT');
    expect(fourth.details).toEqual({ count: 3, limit: 3 });
    // The CLI says the same, and shows no secret for an llm agent (the platform plays it: nothing to keep).
    const viaCli = await runCli(
      ['platform', 'agents', 'register', uniqueName('cli-llm'), '--llm', '--model', MODEL],
      {
        COUP_URL: h.url,
        COUP_API_KEY: owner.key,
        COUP_CONFIG: '/nonexistent/coup-llm-budget-test.json',
      },
    );
    expect(viaCli.code).toBe(1);
    expect(viaCli.stderr).toContain('MAX_LLM_AGENTS_PER_ACCOUNT');
    const other = await h.createAccount();
    const cliAgent = await runCli(
      ['platform', 'agents', 'register', uniqueName('cli-llm'), '--llm', '--model', MODEL],
      {
        COUP_URL: h.url,
        COUP_API_KEY: other.key,
        COUP_CONFIG: '/nonexistent/coup-llm-budget-test.json',
      },
    );
    expect(cliAgent.code, cliAgent.stderr).toBe(0);
    expect(cliAgent.stdout).toMatch(/^registered agent cli-llm\S*: ag_\w+ \(llm\)$/m);
    expect(cliAgent.stdout).not.toMatch(/secret \(shown once|keep it/);
    expect(cliAgent.stdout).toContain('no secret to keep');
    // Other transports still fit under the total cap.
    expect((await register(owner.key, { name: uniqueName('ws'), transport: 'ws' })).status).toBe(201);

    // A 2-prompt experiment (two hidden llm agents) with the account's 3 llm agents registered.
    const created = await h.api<Experiment>('POST', '/v1/experiments', {
      key: owner.key,
      body: {
        name: 'two prompts',
        modelName: MODEL,
        strategyPrompts: [`A ${STAND_IN_SHARP}`, `B ${STAND_IN_SHARP}`],
        opponents: [house],
        deals: 1,
      },
    });
    expect(created.status, created.text).toBe(201);
    expect(expectError(await register(owner.key, llmBody()), 409, 'too_many_llm_agents').details).toEqual({
      count: 3,
      limit: 3,
    });
    // A deleted llm agent frees its place.
    expect((await h.api('DELETE', `/v1/agents/${mine[0]}`, { key: owner.key })).status).toBe(204);
    expect((await register(owner.key, llmBody())).status).toBe(201);

    // The experiment's model calls are charged to its owner, by hidden agent.
    const arms = created.body.prompts.map((p) => p.agentId);
    const until = Date.now() + 120_000;
    let e = created.body;
    while (e.status !== 'finished' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 250));
      e = (await h.api<Experiment>('GET', `/v1/experiments/${e.id}`, { key: owner.key })).body;
    }
    expect(e.status).toBe('finished');
    const matchIds = e.dealResults.flatMap((d) => d.matches.map((m) => m.matchId));
    let expected = 0;
    for (const id of matchIds) {
      const m = await h.waitForMatch(id, 10_000);
      const seats = m.seats.filter((s) => arms.includes(s.agent.id)).map((s) => s.seat);
      expected += await replayTokens(id, seats);
    }
    expect(expected).toBeGreaterThan(0);
    const usage = await usageWhen(owner.key, (u) => u.used >= expected);
    expect(usage.used).toBe(expected);
    expect(usage.agents.map((a) => a.agentId).sort()).toEqual([...arms].sort());
  }, 180_000);
});

describe('daily token budgets', () => {
  it('counts /check and casual matches for the account that pays, and shows it on GET /v1/accounts/me', async () => {
    const owner = await h.createAccount();
    const agent = await registerLlm(owner);
    const fresh = await me(owner.key);
    expect(fresh.llmUsage).toMatchObject({
      used: 0,
      limit: BUDGET,
      remaining: BUDGET,
      exhausted: false,
      currency: 'USD',
    });
    expect(fresh.llmUsage.resetsAt).toBe(nextUtcMidnight());

    const check = await h.api<{ ok: boolean; llm: { promptTokens: number; completionTokens: number } }>(
      'POST',
      `/v1/agents/${agent}/check`,
      { key: owner.key },
    );
    expect(check.status, check.text).toBe(200);
    const checkTokens = check.body.llm.promptTokens + check.body.llm.completionTokens;
    expect(checkTokens).toBeGreaterThan(0);
    const afterCheck = await usageWhen(owner.key, (u) => u.used > 0);
    expect(afterCheck).toMatchObject({
      used: checkTokens,
      promptTokens: check.body.llm.promptTokens,
      completionTokens: check.body.llm.completionTokens,
      remaining: BUDGET - checkTokens,
    });
    // Cost at the operator's prices (1 and 2 per million tokens).
    expect(afterCheck.cost).toBeCloseTo(
      (check.body.llm.promptTokens * 1 + check.body.llm.completionTokens * 2) / 1e6,
      9,
    );
    expect(afterCheck.agents).toEqual([expect.objectContaining({ agentId: agent, model: MODEL, calls: 1 })]);

    // Another account seats this agent in a casual match: that account pays, not the agent's owner. Its
    // budget runs out during the match, which finishes all the same.
    // A short game can spend less than the budget: the payer asks again until one match takes it past.
    const other = await h.createAccount();
    let spent = 0;
    for (let i = 0; i < 6 && spent <= BUDGET; i++) {
      const id = await h.queueMatch(other.key, [agent, house]);
      const match = await h.waitForMatch(id, 120_000);
      expect(match.status, match.abortReason ?? '').toBe('finished');
      spent += await replayTokens(id, [0]);
    }
    expect(spent).toBeGreaterThan(BUDGET);
    const payer = await usageWhen(other.key, (u) => u.used >= spent);
    expect(payer).toMatchObject({ used: spent, limit: BUDGET, remaining: 0, exhausted: true });
    expect((await me(owner.key)).llmUsage.used).toBe(checkTokens);

    // The payer is refused a new match with an llm seat; the agent's owner is not.
    const refused = expectError(
      await h.api('POST', '/v1/matches', { key: other.key, body: { agents: [agent, house] } }),
      429,
      'llm_budget_exhausted',
    );
    expect(refused.details).toEqual({
      scope: 'account',
      accountId: other.id,
      used: spent,
      limit: BUDGET,
      resetsAt: nextUtcMidnight(),
    });
    expect(refused.message).toContain('LLM_TOKENS_PER_ACCOUNT_PER_DAY');
    const allowed = await h.api('POST', `/v1/agents/${agent}/check`, { key: owner.key });
    expect(allowed.status, allowed.text).toBe(200);
    // The CLI shows the same: `coup platform me` (whoami).
    const cli = await runCli(['platform', 'me', '--key', other.key], {
      COUP_URL: h.url,
      COUP_CONFIG: '/nonexistent/coup-llm-budget-test.json',
    });
    expect(cli.code, cli.stderr).toBe(0);
    expect(cli.stdout).toContain(
      `model tokens today (${payer.day} UTC): ${spent.toLocaleString('en-US')} of ${BUDGET.toLocaleString('en-US')} ` +
        '(LLM_TOKENS_PER_ACCOUNT_PER_DAY), 0 left',
    );
    expect(cli.stdout).toContain('budget spent: new matches');
    expect(cli.stdout).toMatch(/; cost \d+\.\d{4} USD$/m);
    expect(cli.stdout).toMatch(new RegExp(`${agent} {2}${MODEL} {2}[\\d,]+ prompt \\+ [\\d,]+ completion`));
    expect(cli.stdout).toMatch(/; cost 0\.\d{4}/);
    // A match without llm seats spends nothing and is never refused.
    const bots = await h.api('POST', '/v1/matches', {
      key: other.key,
      body: { agents: [house, await h.houseAgent('honest')] },
    });
    expect(bots.status, bots.text).toBe(201);
  }, 180_000);

  it(
    'once spent in ranked play: the agent leaves the ranked queue with the reason, and matches, tables, ' +
      'experiments, queue joins and checks are refused with 429',
    async () => {
      const owner = await h.createAccount();
      const queued = await registerLlm(owner);
      const marker = uniqueName('idle-agent');
      const idle = await registerLlm(owner, MODEL, `${marker} ${STAND_IN_SHARP}`);
      const join = await h.api('POST', `/v1/agents/${queued}/queue`, { key: owner.key });
      expect(join.status, join.text).toBe(200);
      // The matchmaker seats it with house agents; its match runs past the budget and finishes, then the
      // agent leaves the queue with the reason instead of being seated again.
      const until = Date.now() + 150_000;
      let a: Agent | undefined;
      for (;;) {
        a = (await h.api<Agent>('GET', `/v1/agents/${queued}`, { key: owner.key })).body;
        if (!a.inQueue || Date.now() > until) break;
        await new Promise((r) => setTimeout(r, 300));
      }
      expect(a?.inQueue).toBe(false);
      expect(a?.queueReason).toContain('llm_budget_exhausted');
      expect(a?.queueReason).toContain('LLM_TOKENS_PER_ACCOUNT_PER_DAY');
      // Its ranked matches (one, or more if the first ended before the budget was spent) all finished.
      const played = await h.api<{ items: { id: string; ranked: boolean }[] }>(
        'GET',
        `/v1/matches?agent=${queued}`,
      );
      const seen = played.body.items.length;
      expect(seen).toBeGreaterThanOrEqual(1);
      for (const m of played.body.items) {
        expect(m.ranked).toBe(true);
        expect((await h.waitForMatch(m.id, 60_000)).status).toBe('finished');
      }
      const usage = await me(owner.key);
      expect(usage.llmUsage.exhausted).toBe(true);
      expect(usage.llmUsage.used).toBeGreaterThanOrEqual(BUDGET);
      // The queue-leave reason is shown as other reasons are (the queue's own answer).
      const state = await h.api<{ inQueue: boolean; reason: string | null }>(
        'DELETE',
        `/v1/agents/${queued}/queue`,
        { key: owner.key },
      );
      expect(state.body.inQueue).toBe(false);

      const refusals = [
        await h.api('POST', '/v1/matches', { key: owner.key, body: { agents: [idle, house] } }),
        await h.api('POST', '/v1/tables', { key: owner.key, body: { opponents: [idle] } }),
        await h.api('POST', '/v1/experiments', {
          key: owner.key,
          body: { name: 'late', modelName: MODEL, strategyPrompts: ['a', 'b'], opponents: [house], deals: 1 },
        }),
        await h.api('POST', `/v1/agents/${idle}/queue`, { key: owner.key }),
        await h.api('POST', `/v1/agents/${idle}/check`, { key: owner.key }),
        // The operator's matches too: the agent's owner pays for ranked play.
        await h.api('POST', '/v1/matches', { key: h.adminKey, body: { agents: [idle, house] } }),
      ];
      const calls = stand.calls.length;
      for (const res of refusals) {
        const error = expectError(res, 429, 'llm_budget_exhausted');
        expect(error.details).toMatchObject({
          scope: 'account',
          accountId: owner.id,
          limit: BUDGET,
          resetsAt: nextUtcMidnight(),
        });
        expect(error.details?.used as number).toBeGreaterThanOrEqual(BUDGET);
      }
      // Refused before any model call; and the agent is never seated again.
      await new Promise((r) => setTimeout(r, 2500));
      expect(stand.calls.some((c) => c.system.includes(marker))).toBe(false);
      expect(stand.calls.length).toBeGreaterThanOrEqual(calls);
      const again = await h.api<{ items: unknown[] }>('GET', `/v1/matches?agent=${queued}`);
      expect(again.body.items).toHaveLength(seen);
      expect((await h.api<{ items: unknown[] }>('GET', `/v1/matches?agent=${idle}`)).body.items).toEqual([]);
    },
    240_000,
  );

  it("stops every account's agents of a model once the model's platform-wide budget (maxTokensPerDay) is spent", async () => {
    const first = await h.createAccount();
    const second = await h.createAccount();
    const a = await registerLlm(first, CAPPED);
    const b = await registerLlm(second, CAPPED);
    let refused: ApiResponse<unknown> | null = null;
    for (let i = 0; i < 5 && !refused; i++) {
      const res = await h.api('POST', `/v1/agents/${a}/check`, { key: first.key });
      if (res.status === 429) refused = res;
      else expect(res.status, res.text).toBe(200);
    }
    expect(refused).not.toBeNull();
    const error = expectError(refused as ApiResponse<unknown>, 429, 'llm_budget_exhausted');
    expect(error.message).toContain('maxTokensPerDay');
    expect(error.details).toMatchObject({ scope: 'model', model: CAPPED, limit: MODEL_BUDGET });
    expect(error.details?.used as number).toBeGreaterThanOrEqual(MODEL_BUDGET);
    // Another account's agent of the same model, which has spent nothing itself.
    const other = expectError(
      await h.api('POST', '/v1/matches', { key: second.key, body: { agents: [b, house] } }),
      429,
      'llm_budget_exhausted',
    );
    expect(other.details).toMatchObject({ scope: 'model', model: CAPPED });
    const usage = await me(first.key);
    expect(usage.llmUsage.models).toEqual([
      { model: CAPPED, used: error.details?.used, limit: MODEL_BUDGET, exhausted: true },
    ]);
    // The account's own budget is untouched by that: its other model still plays.
    expect(usage.llmUsage.exhausted).toBe(false);
  }, 60_000);
});
