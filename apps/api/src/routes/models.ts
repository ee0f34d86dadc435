import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ModelList } from '@coup/api-contract';
import { listModels } from '../services/llm-policy';

export const modelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/models',
    {
      schema: {
        tags: ['agents'],
        summary:
          'The language models a hosted llm agent may use (LLM_MODELS), with the llm decision deadline',
        response: { 200: ModelList },
      },
    },
    async () => listModels(app),
  );
};
