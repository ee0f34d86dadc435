import { z } from 'zod';

// LLM_MODELS: the models users may pick for their hosted llm agents, with per-model limits and prices.
// Two spellings:
//   qwen2.5-7b,llama-3.1-8b                     names only (default limits, no prices)
//   [{"name":"qwen2.5-7b","maxConcurrency":4,"promptPricePerMTok":0.1,"completionPricePerMTok":0.2}]
// A JSON array may also hold plain names: ["qwen2.5-7b", {"name": "gpt-4o-mini", "maxConcurrency": 8}].

/** Calls to one model in flight at once in one worker process, unless LLM_MODELS says otherwise. */
export const DEFAULT_MODEL_CONCURRENCY = 4;

/**
 * max_tokens of every call unless LLM_MODELS says otherwise. An answer is one small JSON object (an action,
 * and a comment of at most 280 characters: about 100 tokens in all); 512 leaves room for a model that
 * thinks aloud a little before it, and caps what a runaway answer can cost.
 */
export const DEFAULT_MAX_TOKENS = 512;

export const LlmModelConfig = z.strictObject({
  /** The model name sent to the server (and picked by users as `modelName`). */
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[^\s,]+$/, 'a model name has no spaces or commas'),
  /** Calls in flight at once per worker process (more wait their turn, within their deadline). */
  maxConcurrency: z.number().int().min(1).max(1000).default(DEFAULT_MODEL_CONCURRENCY),
  /** Price in the operator's currency per million prompt (input) tokens: profiles show cost per match. */
  promptPricePerMTok: z.number().min(0).optional(),
  /** Price per million completion (output) tokens. */
  completionPricePerMTok: z.number().min(0).optional(),
  /** Sent as max_tokens (caps the answer's length and cost); unset: DEFAULT_MAX_TOKENS. */
  maxTokens: z.number().int().min(16).max(100_000).optional(),
  /**
   * Tokens (prompt + completion, as the server reports them) this model may spend per UTC day across the
   * whole platform; once spent, no new match or experiment seats an llm agent of this model until the day
   * ends. Unset: no platform-wide cap (each account's LLM_TOKENS_PER_ACCOUNT_PER_DAY still applies).
   */
  maxTokensPerDay: z.number().int().min(1).optional(),
  /**
   * Earlier decisions of the match (prompt and answer) kept in the conversation, newest first, up to about
   * this many tokens (4 characters each). Unset or 0: every decision is asked on its own.
   */
  historyTokens: z.number().int().min(0).max(1_000_000).optional(),
});
export type LlmModelConfig = z.infer<typeof LlmModelConfig>;

const Entry = z.union([z.string().transform((name) => ({ name })), z.record(z.string(), z.unknown())]);
const ModelList = z.array(Entry).min(1, 'list at least one model');

/**
 * Parses LLM_MODELS (either spelling). Throws an Error whose message says what is wrong and where.
 * An empty value is an empty list (no model may be picked).
 */
export function parseLlmModels(text: string): LlmModelConfig[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  let entries: unknown[];
  if (trimmed.startsWith('[')) {
    let json: unknown;
    try {
      json = JSON.parse(trimmed);
    } catch (err) {
      throw new Error(`not valid JSON (${(err as Error).message})`);
    }
    const list = ModelList.safeParse(json);
    if (!list.success) throw new Error(list.error.issues[0]?.message ?? 'not a list of models');
    entries = list.data;
  } else {
    entries = trimmed
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map((name) => ({ name }));
  }
  const models: LlmModelConfig[] = [];
  entries.forEach((entry, i) => {
    const parsed = LlmModelConfig.safeParse(entry);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.length ? `.${issue.path.join('.')}` : '';
      throw new Error(`model ${i + 1}${where}: ${issue?.message ?? 'invalid'}`);
    }
    if (models.some((m) => m.name === parsed.data.name)) {
      throw new Error(`model "${parsed.data.name}" is listed twice`);
    }
    models.push(parsed.data);
  });
  return models;
}

/** The cost of `promptTokens` + `completionTokens` under a model's prices; null when it has none. */
export function tokenCost(
  model: Pick<LlmModelConfig, 'promptPricePerMTok' | 'completionPricePerMTok'> | undefined,
  promptTokens: number,
  completionTokens: number,
): number | null {
  if (!model || (model.promptPricePerMTok === undefined && model.completionPricePerMTok === undefined)) {
    return null;
  }
  return (
    (promptTokens * (model.promptPricePerMTok ?? 0) +
      completionTokens * (model.completionPricePerMTok ?? 0)) /
    1_000_000
  );
}
