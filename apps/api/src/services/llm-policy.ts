import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors';

// Which hosted llm agents (transport `llm`) the platform accepts: only when its operator has configured a
// model server (LLM_BASE_URL), and only with a model the operator lists (LLM_MODELS), since the platform
// pays for and rate-limits every call.

export const LLM_NOT_CONFIGURED = 'llm_not_configured';
export const MODEL_NOT_ALLOWED = 'model_not_allowed';

export function llmNotConfigured(): HttpError {
  return new HttpError(
    409,
    LLM_NOT_CONFIGURED,
    'this platform hosts no language-model agents: its operator has not set LLM_BASE_URL (an ' +
      'OpenAI-compatible server) and LLM_MODELS. Register an http or ws agent instead, or ask the operator',
  );
}

/**
 * Throws unless llm agents can be played with `model`: 409 llm_not_configured without LLM_BASE_URL, else
 * `status` model_not_allowed (400 for a model in the request, 409 for one stored on an agent) naming the
 * models that may be picked.
 */
export function assertLlmModel(
  app: FastifyInstance,
  model: string | null | undefined,
  status: 400 | 409 = 400,
) {
  const llm = app.transports.llm;
  if (!app.env.LLM_BASE_URL || !llm) throw llmNotConfigured();
  const allowed = app.env.LLM_MODELS.map((m) => m.name);
  if (!model || !allowed.includes(model)) {
    const list = allowed.length ? allowed.join(', ') : 'none (LLM_MODELS is empty)';
    throw new HttpError(
      status,
      MODEL_NOT_ALLOWED,
      model
        ? `model "${model}" is not one of this platform's models: ${list} (GET /v1/models)`
        : `an llm agent needs a modelName, one of: ${list}`,
      { model: model ?? null, allowed },
    );
  }
}

/** The models users may pick, for GET /v1/models. */
export function listModels(app: FastifyInstance) {
  return {
    enabled: Boolean(app.env.LLM_BASE_URL),
    timeoutMs: app.env.LLM_TIMEOUT_MS,
    currency: app.env.LLM_CURRENCY,
    items: app.env.LLM_BASE_URL
      ? app.env.LLM_MODELS.map((m) => ({
          name: m.name,
          maxConcurrency: m.maxConcurrency,
          promptPricePerMTok: m.promptPricePerMTok ?? null,
          completionPricePerMTok: m.completionPricePerMTok ?? null,
        }))
      : [],
  };
}
