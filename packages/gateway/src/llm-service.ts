import { Agent as Dispatcher, fetch as undiciFetch } from 'undici';
import { LlmService } from '@coup/llm';
import type { Env } from './env';
import { guardedConnector } from './guarded-connector';
import { LLM_ADDRESS_POLICY } from './llm-endpoint';

export type LlmEnv = Pick<Env, 'LLM_BASE_URL' | 'LLM_API_KEY' | 'LLM_MODELS' | 'LLM_TIMEOUT_MS'>;

/**
 * The operator's model server for hosted llm agents, or null when LLM_BASE_URL is unset. Every connection
 * goes through the guarded connector under the `private` policy: loopback and private networks (a local
 * model server) are fine, link-local and metadata addresses never, whatever a host name resolves to.
 */
export function createLlmService(env: LlmEnv): LlmService | null {
  if (!env.LLM_BASE_URL) return null;
  const dispatcher = new Dispatcher({ connect: guardedConnector(LLM_ADDRESS_POLICY) });
  const guardedFetch = ((input: string | URL, init?: RequestInit) =>
    undiciFetch(input, { ...(init as object), dispatcher })) as unknown as typeof fetch;
  return new LlmService({
    baseUrl: env.LLM_BASE_URL,
    ...(env.LLM_API_KEY !== undefined ? { apiKey: env.LLM_API_KEY } : {}),
    models: env.LLM_MODELS,
    timeoutMs: env.LLM_TIMEOUT_MS,
    fetch: guardedFetch,
  });
}
