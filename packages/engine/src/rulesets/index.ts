import { RULESET_IDS } from '../types';
import type { GameEvent, GameState, RulesetId } from '../types';
import { inquisitors } from './inquisitors';
import { original } from './original';
import type { Redactor, Ruleset } from './ruleset';

export type { ActionRule, Draft, PhaseRule, Redactor, Ruleset } from './ruleset';
export { defineRuleset } from './ruleset';

/** Every ruleset this engine plays, by id. */
export const RULESETS: Readonly<Record<RulesetId, Ruleset>> = Object.freeze({ original, inquisitors });

/** The ruleset of games that name none (createGame's default, and every state made before rulesets). */
export const DEFAULT_RULESET: RulesetId = 'original';

for (const id of RULESET_IDS) if (RULESETS[id].id !== id) throw new Error(`RULESETS.${id} is misnamed`);

export function isRulesetId(x: unknown): x is RulesetId {
  return typeof x === 'string' && (RULESET_IDS as readonly string[]).includes(x);
}

/** The message for a ruleset id this engine does not know. */
export function unknownRuleset(id: unknown): string {
  return `unknown ruleset ${JSON.stringify(id)}: this engine plays ${RULESET_IDS.join(', ')}`;
}

/**
 * The rules a state is played by. A state without a `ruleset` field was made before rulesets were
 * values: an `original` game. Throws for an id this engine does not know.
 */
export function rulesetOf(s: Pick<GameState, 'ruleset'>): Ruleset {
  const id = s.ruleset;
  // Most calls are for `original` games (or states older than rulesets): skip the map.
  if (id === 'original' || id === undefined) return original;
  if (id === 'inquisitors') return inquisitors;
  const r = BY_ID.get(id);
  if (!r) throw new Error(unknownRuleset(id));
  return r;
}

const BY_ID = new Map<string, Ruleset>(RULESET_IDS.map((id) => [id, RULESETS[id]]));

/** How each event type a ruleset's rules bring is redacted (the core's are in view.ts). */
export const RULE_REDACTORS: ReadonlyMap<GameEvent['type'], Redactor> = new Map(
  RULESET_IDS.flatMap((id) =>
    RULESETS[id].actions.flatMap((a) => Object.entries(a.events ?? {}) as [GameEvent['type'], Redactor][]),
  ),
);
