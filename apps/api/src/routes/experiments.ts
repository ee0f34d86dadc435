import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LLM_BUDGET_EXHAUSTED } from '../services/llm-budget';
import type { FastifyRequest } from 'fastify';
import { withAccess } from '../plugins/auth';
import { notFound } from '../errors';
import { agentNames, findExperiment, listExperiments } from '../repositories/experiments';
import { page } from '../services/cursor';
import { createExperiment, TOO_MANY_EXPERIMENT_MATCHES } from '../services/experiments';
import { cancelExperimentAs, EXPERIMENT_FINISHED } from '../services/experiment-cancel';
import { presentExperiment, presentExperimentSummary } from '../services/experiments-present';
import { LLM_NOT_CONFIGURED, MODEL_NOT_ALLOWED } from '../services/llm-policy';
import { TOO_MANY_ACTIVE_MATCHES } from '../services/match-policy';
import {
  errorCodes,
  errors,
  ExperimentCreateBody,
  ExperimentListQuery,
  ExperimentOut,
  ExperimentPath,
  ExperimentSummary,
  Page,
} from '@coup/api-contract';

const ABOUT =
  'A prompt experiment plays duplicate matches: each deal (one seed) is played once per strategy prompt, ' +
  'all with the same model and the same opponents in the same seats, and the seats rotate from deal to ' +
  'deal, so the luck of the deal cancels out. Results: win rate and mean place per prompt, and each ' +
  "prompt's difference from the first with a 95% confidence interval paired by deal. Experiments are " +
  'casual: never rated, never in public statistics. Deals are queued a few matches at a time ' +
  "(EXPERIMENT_CONCURRENCY); a running experiment counts as one of the account's " +
  'MAX_ACTIVE_MATCHES_PER_ACCOUNT.';

const viewer = (req: FastifyRequest) => ({ accountId: req.account?.id ?? null, isAdmin: req.isAdmin });

/** Starting an experiment: an account (it pays for the model and owns the experiment). */
const startRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/experiments',
    {
      schema: {
        tags: ['experiments'],
        summary: 'Start a prompt experiment: one model, 2-6 strategy prompts, the same opponents, N deals',
        description: ABOUT,
        body: ExperimentCreateBody,
        response: {
          201: ExperimentOut,
          400: errorCodes(
            ['validation_failed', MODEL_NOT_ALLOWED, TOO_MANY_EXPERIMENT_MATCHES],
            `validation_failed: a bad body; ${MODEL_NOT_ALLOWED}: a model outside GET /v1/models; ` +
              `${TOO_MANY_EXPERIMENT_MATCHES}: deals x prompts over MAX_EXPERIMENT_MATCHES (details: ` +
              'matches, limit)',
          ),
          ...errors(401, 403, 404),
          409: errorCodes(
            ['conflict', LLM_NOT_CONFIGURED, MODEL_NOT_ALLOWED],
            "conflict: an opponent that cannot play (paused, disabled, an experiment's agent); " +
              `${LLM_NOT_CONFIGURED}: the platform hosts no llm agents; ${MODEL_NOT_ALLOWED}: an llm ` +
              'opponent whose model is no longer offered',
          ),
          429: errorCodes(
            [TOO_MANY_ACTIVE_MATCHES, LLM_BUDGET_EXHAUSTED, 'rate_limited'],
            `${LLM_BUDGET_EXHAUSTED}: a daily model budget the llm seats would spend from (the paying ` +
              "account's, an llm seat owner's or its model's) is spent (details: scope, used, limit, " +
              `resetsAt); ${TOO_MANY_ACTIVE_MATCHES}: the account has MAX_ACTIVE_MATCHES_PER_ACCOUNT queued or running ` +
              'matches and experiments already; rate_limited: too many requests',
          ),
        },
      },
    },
    async (req, reply) => {
      const e = await createExperiment(app, req.account!.id, req.body);
      const names = await agentNames(app.prisma, e.opponentIds);
      return reply.code(201).send(presentExperiment(e, names, viewer(req), app.publicUrl));
    },
  );
};

/** Reading experiments: anyone; with a key, the owner also sees the prompts. */
const readRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/experiments',
    {
      schema: {
        tags: ['experiments'],
        summary: 'List prompt experiments, newest first, with their results so far',
        querystring: ExperimentListQuery,
        response: { 200: Page(ExperimentSummary), ...errors(400, 401) },
      },
    },
    async (req) => {
      const rows = await listExperiments(app.prisma, req.query);
      const p = page(rows, req.query.limit);
      const names = await agentNames(
        app.prisma,
        p.items.flatMap((e) => e.opponentIds),
      );
      return {
        items: p.items.map((e) => presentExperimentSummary(e, names, viewer(req), app.publicUrl)),
        nextCursor: p.nextCursor,
      };
    },
  );

  app.get(
    '/experiments/:id',
    {
      schema: {
        tags: ['experiments'],
        summary:
          "A prompt experiment: progress, each prompt's win rate and mean place, the paired differences " +
          'with 95% confidence intervals, and every deal (its owner also sees the prompts)',
        params: ExperimentPath,
        response: { 200: ExperimentOut, ...errors(400, 401, 404) },
      },
    },
    async (req) => {
      const e = await findExperiment(app.prisma, req.params.id);
      if (!e) throw notFound(`experiment ${req.params.id}`);
      const names = await agentNames(app.prisma, e.opponentIds);
      return presentExperiment(e, names, viewer(req), app.publicUrl);
    },
  );
};

/** Cancelling: the owner, or the operator. */
const cancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.delete(
    '/experiments/:id',
    {
      schema: {
        tags: ['experiments'],
        summary: 'Cancel a prompt experiment (owner only): no more deals, its unfinished matches aborted',
        description:
          'No further deal is queued; its queued and running matches are aborted with the reason ' +
          '`cancelled` (running ones stop at once) and the experiment becomes `cancelled`. The deals that ' +
          'completed keep their results. Cancelling a cancelled experiment again changes nothing (200). ' +
          "Only its owner (or the operator's admin key) may: 403 for anyone else.",
        params: ExperimentPath,
        response: {
          200: ExperimentOut,
          ...errors(400, 401, 403, 404),
          409: errorCodes(
            [EXPERIMENT_FINISHED],
            `${EXPERIMENT_FINISHED}: the experiment has finished (every deal played): nothing to cancel`,
          ),
        },
      },
    },
    async (req) => {
      const e = await cancelExperimentAs(
        app,
        { account: req.account ?? null, isAdmin: req.isAdmin },
        req.params.id,
      );
      const names = await agentNames(app.prisma, e.opponentIds);
      return presentExperiment(e, names, viewer(req), app.publicUrl);
    },
  );
};

export const experimentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(withAccess('account', startRoutes));
  await app.register(withAccess('viewer', readRoutes));
  await app.register(withAccess('caller', cancelRoutes));
};
