import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withAccess } from '../plugins/auth';
import { LLM_BUDGET_EXHAUSTED } from '../services/llm-budget';
import { z } from 'zod';
import { notFound } from '../errors';
import { findMatch, listMatches } from '../repositories/matches';
import { page } from '../services/cursor';
import {
  CUSTOM_TIMEOUT_NOT_ALLOWED,
  RANKED_NOT_ALLOWED,
  TOO_MANY_ACTIVE_MATCHES,
  TOO_MANY_SEATS_PER_OWNER,
} from '../services/match-policy';
import { matchReplay } from '../services/match-replay';
import { presentMatch, queueMatch } from '../services/matches';
import {
  errorCodes,
  errors,
  MatchCreate,
  MatchListQuery,
  MatchOut,
  MatchPath,
  Page,
  ReplayQuery,
} from '@coup/api-contract';

const QUEUE_RULES =
  'Ranked matches are formed by the matchmaker (the ranked queue) and official events; only the ' +
  "operator's admin key may queue one here (403 ranked_not_allowed otherwise), and it seats at most " +
  'MAX_SEATS_PER_OWNER agents of one owner (409 too_many_seats_per_owner). A casual match that seats ' +
  "another owner's agent (not a house agent) uses the platform's decision deadline, MATCH_TIMEOUT_MS: a " +
  'different timeoutMs is refused (400 custom_timeout_not_allowed). Casual matches never count for ' +
  'ratings, the ranked queue or public statistics. An account may have MAX_ACTIVE_MATCHES_PER_ACCOUNT ' +
  'queued or running matches at a time (429 too_many_active_matches).';

/** Queueing a match: an account key (casual), or the operator's admin key (casual or ranked). */
const queueRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/matches',
    {
      schema: {
        tags: ['matches'],
        summary:
          'Queue a match between named agents (one per seat, 2-6 seats): casual, or ranked with the admin key',
        description: QUEUE_RULES,
        body: MatchCreate,
        response: {
          201: MatchOut,
          400: errorCodes(
            ['validation_failed', CUSTOM_TIMEOUT_NOT_ALLOWED],
            `validation_failed: a bad body; ${CUSTOM_TIMEOUT_NOT_ALLOWED}: a timeoutMs other than ` +
              "MATCH_TIMEOUT_MS for a match that seats another owner's agent",
          ),
          ...errors(401, 404),
          403: errorCodes(
            [RANKED_NOT_ALLOWED],
            `${RANKED_NOT_ALLOWED}: ranked: true asked for without the admin key`,
          ),
          409: errorCodes(
            ['conflict', TOO_MANY_SEATS_PER_OWNER],
            'conflict: an agent that cannot play, one agent twice in a ranked match, or a seed for a ranked ' +
              `match; ${TOO_MANY_SEATS_PER_OWNER}: a ranked match with more than MAX_SEATS_PER_OWNER ` +
              'agents of one owner',
          ),
          429: errorCodes(
            [TOO_MANY_ACTIVE_MATCHES, LLM_BUDGET_EXHAUSTED, 'rate_limited'],
            `${LLM_BUDGET_EXHAUSTED}: a daily model budget the llm seats would spend from (the paying ` +
              "account's, an llm seat owner's or its model's) is spent (details: scope, used, limit, " +
              `resetsAt); ${TOO_MANY_ACTIVE_MATCHES}: the account has MAX_ACTIVE_MATCHES_PER_ACCOUNT queued or running ` +
              'matches already (details: active, limit); rate_limited: too many requests',
          ),
        },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const match = await queueMatch(app, req, {
        agentIds: b.agents,
        ranked: b.ranked,
        ...(b.timeoutMs !== undefined ? { timeoutMs: b.timeoutMs } : {}),
        ...(b.seed !== undefined ? { seed: b.seed } : {}),
      });
      return reply.code(201).send(presentMatch(match, app.publicUrl));
    },
  );
};

export const matchRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(withAccess('caller', queueRoutes));

  app.get(
    '/matches',
    {
      schema: {
        tags: ['matches'],
        summary: 'List matches, newest first, with filters and cursor pagination',
        querystring: MatchListQuery,
        response: { 200: Page(MatchOut), ...errors(400) },
      },
    },
    async (req) => {
      const q = req.query;
      const rows = await listMatches(app.prisma, q);
      const p = page(rows, q.limit);
      return { items: p.items.map((m) => presentMatch(m, app.publicUrl)), nextCursor: p.nextCursor };
    },
  );

  app.get(
    '/matches/:id',
    {
      schema: {
        tags: ['matches'],
        summary: 'One match: status, seats, places, faults; the seed once it has ended',
        params: MatchPath,
        response: { 200: MatchOut, ...errors(400, 404) },
      },
    },
    async (req) => {
      const m = await findMatch(app.prisma, req.params.id);
      if (!m) throw notFound(`match ${req.params.id}`);
      return presentMatch(m, app.publicUrl);
    },
  );

  app.get(
    '/matches/:id/replay',
    {
      schema: {
        tags: ['matches'],
        summary:
          'The full replay once the match has ended (omniscient); ?seat=N gives exactly what that seat was ' +
          'sent; ?format=treason gives it as a game of the public human games archive (TreasonExport: decoded, ' +
          'compact, notes; docs/ARCHIVE.md). A match of a match group (duplicate play) publishes it once its ' +
          'whole group has ended (409)',
        params: MatchPath,
        querystring: ReplayQuery,
        response: { 200: z.unknown(), ...errors(400, 404, 409) },
      },
    },
    async (req, reply) => {
      const out = await matchReplay(app.prisma, req.params.id, req.query);
      return 'json' in out ? reply.type('application/json').send(out.json) : out.value;
    },
  );
};
