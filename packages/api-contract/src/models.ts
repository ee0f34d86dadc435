import { z } from 'zod';

export const ModelList = z
  .object({
    /** Whether the platform hosts llm agents at all (its operator set LLM_BASE_URL). */
    enabled: z.boolean(),
    /** Decision deadline of llm seats (LLM_TIMEOUT_MS). */
    timeoutMs: z.number().int(),
    /** The currency of the prices and of every cost the platform shows (LLM_CURRENCY, default USD). */
    currency: z.string(),
    items: z.array(
      z.object({
        name: z.string(),
        /** Calls to the model in flight at once, per worker process. */
        maxConcurrency: z.number().int(),
        /** Operator's price per million prompt / completion tokens, in `currency`; null when not configured. */
        promptPricePerMTok: z.number().nullable(),
        completionPricePerMTok: z.number().nullable(),
      }),
    ),
  })
  .meta({ id: 'ModelList' });
