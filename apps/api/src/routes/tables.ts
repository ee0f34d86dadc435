import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withAccess } from '../plugins/auth';
import { LLM_BUDGET_EXHAUSTED } from '../services/llm-budget';
import { errorCodes, errors, TableCreate, TableCreated, TablePath, TableTicket } from '@coup/api-contract';
import { TOO_MANY_ACTIVE_MATCHES } from '../services/match-policy';
import { presentMatch } from '../services/matches';
import { NOT_YOUR_TABLE, OPPONENT_NOT_ALLOWED, openTable, TABLE_ENDED, ticketFor } from '../services/tables';

const TABLE_RULES =
  "A casual match with the caller's own seat (a person, transport `human`, created on the first table) " +
  'against 1 to 5 agents: house agents, your own agents, or agents whose owners allow challenges ' +
  '(`allowChallenges`). Never rated. The agents play at MATCH_TIMEOUT_MS, the person at HUMAN_TIMEOUT_MS. ' +
  'The answer carries a ticket: open `ticket.url` as a WebSocket offering `ticket.protocols` as ' +
  'subprotocols within a minute, and the seat receives the same decision requests as a WebSocket agent ' +
  '(docs/PROTOCOL.md). The account cap MAX_ACTIVE_MATCHES_PER_ACCOUNT applies (429 too_many_active_matches).';

/** A person's own tables: an account key (a table seats an account; the admin key has none). */
const tablesOfAccount: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/tables',
    {
      schema: {
        tags: ['tables'],
        summary: 'Open a casual table with your own seat (play in the browser, or any WebSocket client)',
        description: TABLE_RULES,
        body: TableCreate,
        response: {
          201: TableCreated,
          ...errors(400, 401, 404),
          403: errorCodes(
            ['forbidden', OPPONENT_NOT_ALLOWED],
            'forbidden: the admin key has no account (a table seats an account); ' +
              `${OPPONENT_NOT_ALLOWED}: an opponent that is another account's agent without allowChallenges, ` +
              "or a person's seat",
          ),
          409: errorCodes(['conflict'], 'conflict: an opponent, or your own seat, is paused or disabled'),
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
      const { match, ticket } = await openTable(app, req.account!, req.body);
      return reply.code(201).send({ match: presentMatch(match, app.publicUrl), ticket });
    },
  );

  app.post(
    '/tables/:id/ticket',
    {
      schema: {
        tags: ['tables'],
        summary: "A new one-time ticket to (re)open your seat's socket at a table that has not ended",
        params: TablePath,
        response: {
          200: TableTicket,
          ...errors(400, 401, 404),
          403: errorCodes(
            ['forbidden', NOT_YOUR_TABLE],
            `forbidden: the admin key has no account; ${NOT_YOUR_TABLE}: you have no seat at this match`,
          ),
          409: errorCodes([TABLE_ENDED], `${TABLE_ENDED}: the match has finished or was aborted`),
        },
      },
    },
    async (req) => ticketFor(app, req.account!, req.params.id),
  );
};

export const tableRoutes = withAccess('account', tablesOfAccount);
