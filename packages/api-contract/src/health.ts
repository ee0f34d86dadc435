import { z } from 'zod';

/** `GET /healthz`: the process is up. */
export const Health = z.object({ status: z.literal('ok') });

/** `GET /readyz`: whether Postgres and Redis answer. */
export const Ready = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ postgres: z.boolean(), redis: z.boolean() }),
});
