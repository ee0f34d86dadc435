import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replay } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { startStandInLlm, STAND_IN_DULL, STAND_IN_SHARP } from '@coup/llm/testing';
import type { StandInServer } from '@coup/llm/testing';
import type { Experiment, Match } from '@coup/api-contract/types';
import { startHarness } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// Prompt experiments through the whole platform (issue 11): the worker plays each deal once per prompt
// through the operator's model server (the stand-in, which plays a sound heuristic when its system message
// holds STAND_IN_SHARP and at random otherwise), the same opponents in the same seats and seats rotating
// from deal to deal; the deals are queued a few at a time, and the results compare the prompts deal by
// deal. A sharp prompt against a dull one shows a significant difference; two identical prompts do not.
// Sizes: with 24 deals the sharp prompt's lead over 3 seats is far outside the interval (in 60 simulated
// runs of the stand-ins and house bots, the place difference's 95% upper bound was at most -0.39).

const MODEL = 'stand-in-7b';
const DEALS = 24;
const CONCURRENCY = 4;

let stand: StandInServer;
let h: Harness;
let owner: Account;
/** Three seats for sharp against dull: place tells the prompts apart faster than heads-up wins. */
let opponents: string[];
/**
 * Heads-up for identical prompts: every decision has one seat to answer, so a deal replays exactly (at
 * bigger tables, several seats answering one window are applied in arrival order, which timing may change).
 */
let headsUp: string[];

beforeAll(async () => {
  stand = await startStandInLlm({ models: [MODEL] });
  h = await startHarness({
    env: {
      LLM_BASE_URL: stand.baseUrl,
      LLM_MODELS: JSON.stringify([{ name: MODEL, maxConcurrency: 8 }]),
      // The stand-in answers at once; a generous deadline keeps a loaded machine from causing faults.
      LLM_TIMEOUT_MS: '15000',
      EXPERIMENT_CONCURRENCY: String(CONCURRENCY),
      MAX_EXPERIMENT_MATCHES: '100',
      // The two experiments' 96 matches spend most of one account's default daily budget (1.5M of 2M tokens
      // in a typical run, more when games run long): a spent budget holds the next deals until midnight
      // (a CI run stalled at 22 of 24 deals), and budgets are not under test here.
      LLM_TOKENS_PER_ACCOUNT_PER_DAY: '1000000000',
    },
  });
  owner = await h.createAccount();
  opponents = [await h.houseAgent('random'), await h.houseAgent('honest')];
  headsUp = [await h.houseAgent('random')];
}, 60_000);

afterAll(async () => {
  await h?.stop();
  await stand?.close();
});

async function startExperiment(
  name: string,
  strategyPrompts: string[],
  against: string[],
  seed: string,
): Promise<Experiment> {
  const res = await h.api<Experiment>('POST', '/v1/experiments', {
    key: owner.key,
    body: { name, modelName: MODEL, strategyPrompts, opponents: against, deals: DEALS, seed },
  });
  expect(res.status, res.text).toBe(201);
  return res.body;
}

/** Polls until finished; also returns the most matches it ever saw queued or running at once. */
async function waitForExperiment(
  id: string,
  timeoutMs = 240_000,
): Promise<{ e: Experiment; maxActive: number }> {
  const until = Date.now() + timeoutMs;
  let maxActive = 0;
  for (;;) {
    const res = await h.api<Experiment>('GET', `/v1/experiments/${id}`, { key: owner.key });
    expect(res.status, res.text).toBe(200);
    maxActive = Math.max(maxActive, res.body.progress.matchesActive);
    if (res.body.status === 'finished') return { e: res.body, maxActive };
    if (Date.now() > until)
      throw new Error(`experiment ${id} unfinished: ${JSON.stringify(res.body.progress)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

describe('prompt experiments', () => {
  let sharpVsDull: { e: Experiment; maxActive: number };
  let identical: { e: Experiment; maxActive: number };

  beforeAll(async () => {
    const a = await startExperiment(
      'sharp-vs-dull',
      [`Play the hand you are dealt. ${STAND_IN_DULL}`, `Play the hand you are dealt. ${STAND_IN_SHARP}`],
      opponents,
      'experiment-test-1',
    );
    const b = await startExperiment(
      'identical',
      [`Play the hand you are dealt. ${STAND_IN_DULL}`, `Play the hand you are dealt. ${STAND_IN_DULL}`],
      headsUp,
      'experiment-test-2',
    );
    [sharpVsDull, identical] = await Promise.all([waitForExperiment(a.id), waitForExperiment(b.id)]);
  }, 300_000);

  it('a sharp prompt against a dull one: a significant difference, paired by deal', () => {
    const { e } = sharpVsDull;
    expect(e.progress).toMatchObject({
      dealsPlanned: DEALS,
      dealsStarted: DEALS,
      dealsComplete: DEALS,
      dealsExcluded: 0,
      matchesFinished: 2 * DEALS,
      matchesActive: 0,
    });
    const [dull, sharp] = e.prompts;
    expect(sharp!.winRate!).toBeGreaterThan(dull!.winRate!);
    expect(sharp!.meanPlace!).toBeLessThan(dull!.meanPlace!);
    const [c] = e.comparisons;
    expect(c).toMatchObject({ prompt: 1, baseline: 0, deals: DEALS });
    // The sharp prompt wins more and places better, with 95% intervals away from 0.
    expect(c!.winRate.significant, JSON.stringify(c)).toBe(true);
    expect(c!.winRate.ciLow!).toBeGreaterThan(0);
    expect(c!.meanPlace.significant, JSON.stringify(c)).toBe(true);
    expect(c!.meanPlace.ciHigh!).toBeLessThan(0);
    expect(c!.winRate.difference).toBeCloseTo(sharp!.winRate! - dull!.winRate!, 10);
    // The chart's series ends at the final figures.
    expect(c!.running).toHaveLength(DEALS);
    expect(c!.running.at(-1)).toMatchObject({ deals: DEALS, difference: c!.winRate.difference });
  });

  it('two identical prompts: no significant difference (the same deal, seats and opponents give the same match)', () => {
    const { e } = identical;
    expect(e.progress.dealsComplete).toBe(DEALS);
    const [c] = e.comparisons;
    expect(c!.winRate.significant, JSON.stringify(c)).toBe(false);
    expect(c!.meanPlace.significant, JSON.stringify(c)).toBe(false);
    expect(c!.meanPlace.ciLow!).toBeLessThanOrEqual(0);
    expect(c!.meanPlace.ciHigh!).toBeGreaterThanOrEqual(0);
    // Each prompt's agent plays under the model's name and house bots answer by the deal (duplicate play),
    // so both prompts' matches of a deal are the same match.
    for (const d of e.dealResults) expect(d.matches[1]!.place, `deal ${d.deal}`).toBe(d.matches[0]!.place);
  });

  it('plays duplicate deals: one seed per deal, the same opponents in the same seats, seats rotating', async () => {
    const { e } = sharpVsDull;
    expect(e.seed).toBe('experiment-test-1');
    expect(e.dealResults.map((d) => d.rotation)).toEqual(Array.from({ length: DEALS }, (_, d) => d % 3));
    for (const d of e.dealResults.slice(0, 3)) {
      const matches = await Promise.all(
        d.matches.map(async (m) => (await h.api<Match>('GET', `/v1/matches/${m.matchId}`)).body),
      );
      for (const [prompt, m] of matches.entries()) {
        expect(m.status).toBe('finished');
        expect(m.ranked).toBe(false);
        // Revealed now that the whole group has ended: deal d's seed is `<experiment seed>:<d>`.
        expect(m.seed).toBe(`experiment-test-1:${d.deal}`);
        const lineup = [e.prompts[prompt]!.agentId, ...opponents];
        lineup.forEach((id, i) => expect(m.seats[(i + d.rotation) % 3]!.agent.id).toBe(id));
        const replay = Replay.parse((await h.api('GET', `/v1/matches/${m.id}/replay`)).body);
        expect(verifyReplay(replay)).toEqual({ ok: true });
        // The prompt's seat plays under the model's name: the prompts' matches differ by the prompt only.
        expect(replay.players[d.rotation]).toMatchObject({ name: MODEL, agentId: lineup[0] });
      }
    }
  });

  it('queues deals progressively and never rates them', async () => {
    expect(sharpVsDull.maxActive).toBeLessThanOrEqual(CONCURRENCY);
    expect(identical.maxActive).toBeLessThanOrEqual(CONCURRENCY);
    const board = await h.api<{ items: { agentId: string }[] }>('GET', '/v1/leaderboard');
    const arms = [...sharpVsDull.e.prompts, ...identical.e.prompts].map((p) => p.agentId);
    expect(board.body.items.filter((r) => arms.includes(r.agentId))).toEqual([]);
    for (const id of arms) {
      const agent = await h.api<{ rating: unknown }>('GET', `/v1/agents/${id}`);
      expect(agent.body.rating).toBeNull();
    }
    // The stand-in was asked by the real client, with each prompt's system message.
    expect(stand.calls.some((c) => c.system.includes(STAND_IN_SHARP))).toBe(true);
  });
});
