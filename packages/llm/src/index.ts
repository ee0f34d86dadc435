export { LlmService, UnknownModelError } from './service';
export type { LlmServiceOptions, LlmAgentSpec, ModelHandle } from './service';
export { llmAgent } from './agent';
export type { LlmAgentOptions } from './agent';
export {
  parseLlmModels,
  tokenCost,
  LlmModelConfig,
  DEFAULT_MODEL_CONCURRENCY,
  DEFAULT_MAX_TOKENS,
} from './models';
export { rulesText } from './rules';
export { systemMessage, userMessage, correctionMessage, conversation } from './conversation';
export type { ChatMessage } from './conversation';
export { extractAnswer } from './extract';
export type { Extracted } from './extract';
export { storableText } from './storable';
