import type OpenAI from 'openai';
import type { LimitFunction } from 'p-limit';
import type { LlmModelConfig } from './models';

/** What an agent needs of its model. */
export interface ModelHandle {
  name: string;
  config: LlmModelConfig;
  client: OpenAI;
  /** Runs a call when the model has a free slot. */
  limit: LimitFunction;
  /** Whether to ask for JSON output (false once the server has refused it for this model). */
  jsonMode(): boolean;
  jsonModeRefused(): void;
}
