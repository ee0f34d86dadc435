import type { DecisionRequest } from '@coup/protocol';
import { rulesText } from './rules';

// The conversation a hosted llm agent has with its model for one decision: a system message with the rules
// and the owner's strategy prompt, a user message with the decision's plain-text `prompt` (the same text
// external agents get, which ends with the legal actions as exact JSON), and, when the answer was not a
// legal action, one corrective message that says why.

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

// Built once: the rules only change with the engine.
let rules: string | null = null;

/** The system message: the rules, then the agent's strategy prompt (its owner's words, kept apart). */
export function systemMessage(strategyPrompt?: string | null): string {
  rules ??= rulesText();
  if (!strategyPrompt) return rules;
  return `${rules}\n\nSTRATEGY (from the agent's author)\n${strategyPrompt}`;
}

/** The user message of a decision. */
export function userMessage(req: Pick<DecisionRequest, 'prompt'>): string {
  return `${req.prompt}\nReply with the JSON object only.`;
}

/** Sent back once when the answer was not a legal action, with the reason. */
export function correctionMessage(error: string): string {
  return (
    `That answer cannot be played: ${error}\n` +
    'Reply again with one JSON object {"action": ...} whose action is copied exactly from the list above.'
  );
}

export function conversation(req: Pick<DecisionRequest, 'prompt'>, strategyPrompt?: string | null) {
  const messages: ChatMessage[] = [
    { role: 'system', content: systemMessage(strategyPrompt) },
    { role: 'user', content: userMessage(req) },
  ];
  return messages;
}
