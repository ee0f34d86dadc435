import type { RulesetId } from '@coup/engine';
import { renderPrompt, rulesetOfRequest } from '@coup/protocol';
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

// Built once per ruleset: the rules only change with the engine.
const rulesBy = new Map<RulesetId, string>();

/**
 * The system message: the rules of the game `ruleset` (default `original`), then the agent's strategy
 * prompt (its owner's words, kept apart).
 */
export function systemMessage(strategyPrompt?: string | null, ruleset: RulesetId = 'original'): string {
  let rules = rulesBy.get(ruleset);
  if (rules === undefined) rulesBy.set(ruleset, (rules = rulesText(ruleset)));
  if (!strategyPrompt) return rules;
  return `${rules}\n\nSTRATEGY (from the agent's author)\n${strategyPrompt}`;
}

/**
 * The user message of a decision. An llm seat always has its prompt built by the runner (wantsPrompt is
 * forced for it); a request without one (a caller that built it with wantsPrompt false) is rendered here.
 */
export function userMessage(req: DecisionRequest): string {
  return `${req.prompt ?? renderPrompt(req)}\nReply with the JSON object only.`;
}

/** Sent back once when the answer was not a legal action, with the reason. */
export function correctionMessage(error: string): string {
  return (
    `That answer cannot be played: ${error}\n` +
    'Reply again with one JSON object {"action": ...} whose action is copied exactly from the list above.'
  );
}

/** Tokens of a text, roughly (4 characters each): enough to keep a conversation within a budget. */
export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

/** One earlier decision of the match: what the model was asked and what it answered. */
export type Exchange = readonly [ChatMessage, ChatMessage];

/**
 * The messages of a decision: the system message, the newest earlier exchanges of the match that fit in
 * `historyTokens` (oldest first, as they happened), then the decision's prompt. `ruleset`: the match's
 * game, as its match_start named it; by default, the one the request shows (rulesetOfRequest).
 */
export function conversation(
  req: DecisionRequest,
  strategyPrompt?: string | null,
  history: readonly Exchange[] = [],
  historyTokens = 0,
  ruleset: RulesetId = rulesetOfRequest(req).rules.id,
): ChatMessage[] {
  const kept: Exchange[] = [];
  let used = 0;
  for (let i = history.length - 1; i >= 0 && historyTokens > 0; i--) {
    const exchange = history[i] as Exchange;
    const cost = estimateTokens(exchange[0].content) + estimateTokens(exchange[1].content);
    if (used + cost > historyTokens) break;
    used += cost;
    kept.unshift(exchange);
  }
  return [
    { role: 'system', content: systemMessage(strategyPrompt, ruleset) },
    ...kept.flat(),
    { role: 'user', content: userMessage(req) },
  ];
}
