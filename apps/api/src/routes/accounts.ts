import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { withAccess } from '../plugins/auth';
import { accountMe, openAccount, rotateAccountKey } from '../services/accounts';
import { AccountCreate, AccountCreated, AccountMe, errors } from '@coup/api-contract';

/** The caller's own account: an account key (the admin key has none). */
const ownAccountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/accounts/me',
    {
      schema: {
        tags: ['accounts'],
        summary: 'The account of the API key, and the model tokens it was charged today',
        description:
          '`llmUsage`: the tokens (prompt + completion) its llm agents, experiments, tables and checks ' +
          'spent today (UTC), the daily budget (LLM_TOKENS_PER_ACCOUNT_PER_DAY), when it resets, and the ' +
          "cost at the operator's prices (LLM_MODELS) in their currency (LLM_CURRENCY), by agent and model.",
        response: { 200: AccountMe, ...errors(401, 403) },
      },
    },
    async (req) => accountMe(app, req.account!),
  );

  app.post(
    '/accounts/me/rotate-key',
    {
      schema: {
        tags: ['accounts'],
        summary: 'Replace the API key; the old one stops working at once',
        response: { 200: AccountCreated, ...errors(401, 403) },
      },
    },
    async (req) => rotateAccountKey(app, req.account!.id),
  );
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/accounts',
    {
      // Creating accounts is the one unauthenticated write: keep it slow for any single client.
      // Per address, whatever key is sent.
      config: { rateLimit: { max: 10, timeWindow: '1 minute', keyGenerator: (req) => `ip:${req.ip}` } },
      schema: {
        tags: ['accounts'],
        summary: 'Create an account and get its API key (shown once)',
        body: AccountCreate,
        response: { 201: AccountCreated, ...errors(400, 409, 429) },
      },
    },
    async (req, reply) => reply.code(201).send(await openAccount(app, req.body.name)),
  );

  await app.register(withAccess('account', ownAccountRoutes));
};
