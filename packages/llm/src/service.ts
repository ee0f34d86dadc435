import OpenAI from 'openai';
import pLimit from 'p-limit';
import type { MatchAgent } from '@coup/runner';
import { llmAgent } from './agent';
import type { ModelHandle } from './model-handle';

export type { ModelHandle } from './model-handle';
import type { LlmModelConfig } from './models';
import { DEFAULT_MODEL_CONCURRENCY } from './models';

// The operator's model server, as one process uses it: one OpenAI client (the official SDK, pointed at any
// OpenAI-compatible baseURL: a cloud provider, llama.cpp, vLLM, Ollama...), and per model a concurrency
// limit shared by every llm agent this process plays, so a worker never sends a model more calls at once
// than LLM_MODELS allows.

export interface LlmServiceOptions {
  /** LLM_BASE_URL: the server's OpenAI API root, e.g. http://127.0.0.1:8080/v1. */
  baseUrl: string;
  /** LLM_API_KEY, sent as a bearer token; unset for servers that need none. Never logged. */
  apiKey?: string;
  /** LLM_MODELS: the models agents may use. Empty: any model name (the CLI without LLM_MODELS). */
  models: readonly LlmModelConfig[];
  /** LLM_TIMEOUT_MS: the decision deadline of llm seats. */
  timeoutMs: number;
  /** The fetch to call the server with (the platform passes one that applies its address policy). */
  fetch?: typeof fetch;
}

export interface LlmAgentSpec {
  name: string;
  agentId?: string;
  model: string;
  strategyPrompt?: string | null;
  /** Told each answer's token usage as the call completes (the platform's daily budgets). */
  onUsage?: (usage: { promptTokens: number; completionTokens: number }) => void;
}

export class UnknownModelError extends Error {
  constructor(
    readonly model: string,
    readonly allowed: readonly string[],
  ) {
    super(
      allowed.length
        ? `model "${model}" is not one of the platform's models (LLM_MODELS): ${allowed.join(', ')}`
        : `model "${model}" cannot be used: the platform lists no models (LLM_MODELS)`,
    );
    this.name = 'UnknownModelError';
  }
}

export class LlmService {
  readonly timeoutMs: number;
  readonly client: OpenAI;
  private readonly handles = new Map<string, ModelHandle>();

  constructor(readonly options: LlmServiceOptions) {
    this.timeoutMs = options.timeoutMs;
    this.client = new OpenAI({
      baseURL: options.baseUrl,
      // The SDK insists on a key; servers that need none ignore this one.
      apiKey: options.apiKey || 'no-key',
      organization: null,
      project: null,
      // Retries (429 backoff) and deadlines are the agent's, inside the decision's deadline.
      maxRetries: 0,
      timeout: options.timeoutMs,
      logLevel: 'off',
      ...(options.fetch ? { fetch: options.fetch } : {}),
    });
  }

  /** A model's configuration, or undefined when it may not be used. */
  modelConfig(name: string): LlmModelConfig | undefined {
    const listed = this.options.models.find((m) => m.name === name);
    if (listed) return listed;
    if (this.options.models.length > 0) return undefined;
    return { name, maxConcurrency: DEFAULT_MODEL_CONCURRENCY };
  }

  model(name: string): ModelHandle {
    let handle = this.handles.get(name);
    if (handle) return handle;
    const config = this.modelConfig(name);
    if (!config)
      throw new UnknownModelError(
        name,
        this.options.models.map((m) => m.name),
      );
    let json = true;
    handle = {
      name,
      config,
      client: this.client,
      limit: pLimit(config.maxConcurrency),
      jsonMode: () => json,
      jsonModeRefused: () => void (json = false),
    };
    this.handles.set(name, handle);
    return handle;
  }

  /** The player of one llm agent. Throws UnknownModelError for a model LLM_MODELS does not list. */
  agent(spec: LlmAgentSpec): MatchAgent {
    return llmAgent({
      name: spec.name,
      ...(spec.agentId !== undefined ? { agentId: spec.agentId } : {}),
      strategyPrompt: spec.strategyPrompt ?? null,
      model: this.model(spec.model),
      timeoutMs: this.timeoutMs,
      ...(spec.onUsage ? { onUsage: spec.onUsage } : {}),
    });
  }
}
