import * as z from 'zod';
import { AgentId, Ruleset } from './common';

// What a client sends to start a prompt experiment (POST /v1/experiments). A module of its own, importing
// only zod and ./common, so the web UI validates its experiment form with this very schema
// (@coup/api-contract/forms).

export const MAX_EXPERIMENT_PROMPTS = 6;

/**
 * `model`, `prompts` and `matches` are accepted as other names of `modelName`, `strategyPrompts` and
 * `deals` (what clients most often guess).
 */
const experimentAliases = (body: unknown) => {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const out: Record<string, unknown> = { ...(body as Record<string, unknown>) };
  for (const [alias, name] of [
    ['model', 'modelName'],
    ['prompts', 'strategyPrompts'],
    ['matches', 'deals'],
  ] as const) {
    if (out[alias] !== undefined && out[name] === undefined) {
      out[name] = out[alias];
      delete out[alias];
    }
  }
  return out;
};

export const ExperimentCreate = z
  .strictObject({
    /** Shown in lists and on the experiment's page. */
    name: z.string().trim().min(1).max(80).default('experiment'),
    /** The model every prompt is played with: one of GET /v1/models (LLM_MODELS). */
    modelName: z.string().min(1).max(100),
    /** The strategy prompts compared; the first is the baseline the others are compared with. */
    strategyPrompts: z
      .array(z.string().min(1).max(4000))
      .min(2, 'strategyPrompts: expected 2 to 6 prompts')
      .max(MAX_EXPERIMENT_PROMPTS, 'strategyPrompts: expected 2 to 6 prompts'),
    /** A short name per prompt, in the same order (default "prompt 1", "prompt 2", ...). */
    labels: z.array(z.string().trim().min(1).max(40)).optional(),
    /**
     * The agents every prompt plays against (1 to 5: tables of 2 to 6 seats): your own agents, house
     * agents, or other owners' agents (which play at the platform's decision deadline, as in casual matches).
     */
    opponents: z
      .array(AgentId)
      .min(1, 'opponents: expected 1 to 5 agent ids')
      .max(5, 'opponents: expected 1 to 5 agent ids'),
    /** How many deals: each is played once per prompt (deals x prompts matches, at most MAX_EXPERIMENT_MATCHES). */
    deals: z.number().int().min(1).max(10_000),
    /** Deal d is dealt from `<seed>:<d>`; drawn by the platform when absent (revealed once finished). */
    seed: z.string().min(1).max(200).optional(),
    /** The ruleset it is played by (default `original`); every opponent must accept it. */
    ruleset: Ruleset.default('original'),
  })
  .refine((b) => !b.labels || b.labels.length === b.strategyPrompts.length, {
    path: ['labels'],
    message: 'labels: one label per strategy prompt, in the same order',
  })
  .refine((b) => !b.labels || new Set(b.labels).size === b.labels.length, {
    path: ['labels'],
    message: 'labels: each prompt needs its own label',
  });

export const ExperimentCreateBody = z.preprocess(experimentAliases, ExperimentCreate);
