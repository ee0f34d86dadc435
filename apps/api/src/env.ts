// The configuration schema is shared with the worker process (packages/platform/src/env.ts).
export { parseEnv, EnvSchema } from '@coup/platform';
export type { Env } from '@coup/platform';
