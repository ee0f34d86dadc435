import type { LlmDecision } from '@coup/protocol';
import { formatMs } from './format.ts';

/** One line about a hosted llm agent's model calls for a decision: model, tokens, retries, time. */
export function llmSummary(llm: LlmDecision): string {
  const retries = llm.retries === 1 ? '1 retry' : `${llm.retries} retries`;
  return `model ${llm.model}: ${llm.promptTokens} + ${llm.completionTokens} tokens, ${retries}, ${formatMs(llm.latencyMs)}`;
}
