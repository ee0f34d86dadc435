import type { FastifyInstance } from 'fastify';
import { advanceExperiment, enqueueWithin, llmBudgetLimits, newMatchSeed } from '@coup/platform';
import type { ExperimentCreate } from '@coup/api-contract';
import type { z } from 'zod';
import { conflict, HttpError, notFound } from '../errors';
import { agentsByIds } from '../repositories/agents';
import { getExperiment, insertExperiment } from '../repositories/experiments';
import { activeMatches, lockAccount } from '../repositories/accounts';
import { assertLlmModel } from './llm-policy';
import { assertLlmBudget } from './llm-budget';
import { tooManyActiveMatches } from './match-policy';
import { refuseHumanSeat } from './human-seats';
import { experimentAgent } from './owned-agent';

// Creating a prompt experiment (POST /v1/experiments): checks, then the experiment with one hidden llm
// agent per prompt, then its first deals (the rest follow as matches end: @coup/platform advanceExperiment).

export const TOO_MANY_EXPERIMENT_MATCHES = 'too_many_experiment_matches';

export function tooManyExperimentMatches(matches: number, limit: number): HttpError {
  return new HttpError(
    400,
    TOO_MANY_EXPERIMENT_MATCHES,
    `an experiment of ${matches} matches (deals x prompts) is more than this platform allows, ` +
      `${limit} (MAX_EXPERIMENT_MATCHES): ask for fewer deals or prompts`,
    { path: 'body.deals', matches, limit },
  );
}

/**
 * The opponents must be able to play casual matches: not deleted, active, not another experiment's agent,
 * and an llm opponent's model still offered. Other owners' agents are allowed as in casual matches: the
 * experiment's matches play at the platform's decision deadline.
 */
async function checkOpponents(app: FastifyInstance, ids: readonly string[]) {
  const agents = await agentsByIds(app.prisma, ids);
  const byId = new Map(agents.map((a) => [a.id, a]));
  for (const id of ids) {
    const a = byId.get(id);
    if (!a || a.deletedAt) throw notFound(`agent ${id}`);
    if (a.experimentId) throw experimentAgent(a);
    refuseHumanSeat(a, 'be an opponent in an experiment: people sit only at their own tables');
    if (a.status !== 'active') throw conflict(`agent ${a.name} (${id}) is ${a.status} and cannot play`);
    if (a.transport === 'llm') assertLlmModel(app, a.modelName, 409);
  }
  return agents;
}

export async function createExperiment(
  app: FastifyInstance,
  accountId: string,
  b: z.output<typeof ExperimentCreate>,
) {
  assertLlmModel(app, b.modelName);
  const matches = b.deals * b.strategyPrompts.length;
  if (matches > app.env.MAX_EXPERIMENT_MATCHES) {
    throw tooManyExperimentMatches(matches, app.env.MAX_EXPERIMENT_MATCHES);
  }
  const opponents = await checkOpponents(app, b.opponents);
  // The owner pays for every model call of the experiment: its prompts' agents and any llm opponent.
  await assertLlmBudget(
    app,
    {
      payerId: accountId,
      agents: [{ ownerId: accountId, transport: 'llm', modelName: b.modelName }, ...opponents],
    },
    'No new experiment until the budget resets; running experiments queue no more deals until then',
  );
  const limit = app.env.MAX_ACTIVE_MATCHES_PER_ACCOUNT;
  const id = await app.prisma.$transaction(async (tx) => {
    // A running experiment counts as one of the account's active matches.
    await lockAccount(tx, accountId);
    const active = await activeMatches(tx, accountId);
    if (active >= limit) throw tooManyActiveMatches(active, limit);
    return insertExperiment(tx, {
      ownerId: accountId,
      name: b.name,
      modelName: b.modelName,
      prompts: b.strategyPrompts.map((strategyPrompt, i) => ({
        strategyPrompt,
        label: b.labels?.[i] ?? `prompt ${i + 1}`,
      })),
      opponentIds: b.opponents,
      deals: b.deals,
      seed: b.seed ?? newMatchSeed(),
      timeoutMs: app.env.MATCH_TIMEOUT_MS,
    });
  });
  // The first deals now; with Redis away their jobs are added when it is back (or by the sweeper).
  await advanceExperiment(app.prisma, id, {
    concurrency: app.env.EXPERIMENT_CONCURRENCY,
    budget: llmBudgetLimits(app.env),
    enqueue: (matchId, placement) => enqueueWithin(app.matchQueue, matchId, placement),
  });
  return getExperiment(app.prisma, id);
}
