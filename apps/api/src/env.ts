// The configuration schema is shared with the worker process (packages/gateway/src/env.ts).
export { parseEnv, EnvSchema } from '@coup/gateway';
export type { Env } from '@coup/gateway';
