import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { hashSecret, ID_PREFIX, keyPrefix, newApiKey, newId, Prisma } from '@coup/db';
import { conflict } from '../plugins/errors';
import { presentAccount } from '../services/present';
import { accountUsageToday, llmBudgetLimits } from '@coup/gateway';
import { AccountCreate, AccountCreated, AccountMe, errors } from '@coup/api-contract';

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
    async (req, reply) => {
      const apiKey = newApiKey();
      try {
        const account = await app.prisma.account.create({
          data: {
            id: newId(ID_PREFIX.account),
            name: req.body.name,
            apiKeyHash: hashSecret(apiKey),
            apiKeyPrefix: keyPrefix(apiKey),
          },
        });
        return reply.code(201).send({ account: presentAccount(account), apiKey });
      } catch (err) {
        if (err instanceof Prisma.PrismaClientKnownRequestError && err.code === 'P2002') {
          throw conflict(`the account name "${req.body.name}" is taken`);
        }
        throw err;
      }
    },
  );

  app.get(
    '/accounts/me',
    {
      onRequest: app.requireAccount,
      schema: {
        tags: ['accounts'],
        summary: 'The account of the API key, and the model tokens it was charged today',
        description:
          '`llmUsage`: the tokens (prompt + completion) its llm agents, experiments, tables and checks ' +
          'spent today (UTC), the daily budget (LLM_TOKENS_PER_ACCOUNT_PER_DAY), when it resets, and the ' +
          "cost at the operator's prices (LLM_MODELS) in their currency (LLM_CURRENCY), by agent and model.",
        security: [{ bearer: [] }],
        response: { 200: AccountMe, ...errors(401, 403) },
      },
    },
    async (req) => {
      const account = req.account!;
      const llmUsage = await accountUsageToday(app.prisma, account.id, llmBudgetLimits(app.env), (model) =>
        app.env.LLM_MODELS.find((m) => m.name === model),
      );
      return { ...presentAccount(account), llmUsage: { ...llmUsage, currency: app.env.LLM_CURRENCY } };
    },
  );

  app.post(
    '/accounts/me/rotate-key',
    {
      onRequest: app.requireAccount,
      schema: {
        tags: ['accounts'],
        summary: 'Replace the API key; the old one stops working at once',
        security: [{ bearer: [] }],
        response: { 200: AccountCreated, ...errors(401, 403) },
      },
    },
    async (req) => {
      const apiKey = newApiKey();
      const account = await app.prisma.account.update({
        where: { id: req.account!.id },
        data: { apiKeyHash: hashSecret(apiKey), apiKeyPrefix: keyPrefix(apiKey) },
      });
      return { account: presentAccount(account), apiKey };
    },
  );
};
