import { HttpError } from '../errors';

// An agent says which rulesets it plays (agents.rulesets) and is only ever sent a match of one of them:
// every door that seats agents (casual matches, tables, events, experiments; the matchmaker on its side)
// refuses one that does not accept the match's ruleset, with one code and the agent's name.

export const RULESET_NOT_ACCEPTED = 'ruleset_not_accepted';

export interface RulesetPlayer {
  id: string;
  name: string;
  transport: string;
  rulesets: string[];
}

/**
 * 409 ruleset_not_accepted unless `a` plays `ruleset`. A person's seat plays whatever its owner opens a
 * table for (the person chose the ruleset), so it is never refused.
 */
export function assertAcceptsRuleset(a: RulesetPlayer, ruleset: string): void {
  if (a.transport === 'human' || a.rulesets.includes(ruleset)) return;
  throw new HttpError(
    409,
    RULESET_NOT_ACCEPTED,
    `agent ${a.name} (${a.id}) does not play the ${ruleset} ruleset (it plays ${a.rulesets.join(', ') || 'none'}): ` +
      `its owner can add ${ruleset} to the agent's rulesets (PATCH /v1/agents/${a.id})`,
    { agentId: a.id, ruleset, rulesets: a.rulesets },
  );
}
