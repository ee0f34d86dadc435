import { DEFAULT_RULESET, RULESETS } from '@coup/engine';
import type { Role, Ruleset, RulesetId } from '@coup/engine';
import type { HistoryEntry } from './game';
import type { DecisionRequest } from './messages';

// Which game a request belongs to. A decision request does not name its ruleset (match_start does; a
// stateless agent, a bot or the prompt read the request alone), but every game shows its own roles and
// actions: a role
// only one ruleset has (the ambassador, the inquisitor) in the bot's hand, at the table or in the
// history, or an action only one has among the legal ones. Until something shows, the game is taken to
// be `original` (the two differ only in the role neither side has shown yet).

const ROLE_OF: Partial<Record<Role, RulesetId>> = {};
const ACTION_OF = new Map<string, RulesetId>();
{
  const ids = Object.keys(RULESETS) as RulesetId[];
  const everywhere = (has: (r: Ruleset) => boolean) => ids.filter((id) => has(RULESETS[id]));
  for (const id of ids) {
    const rules = RULESETS[id];
    for (const role of rules.roles)
      if (everywhere((r) => r.roles.includes(role)).length === 1) ROLE_OF[role] = id;
    for (const a of rules.extraActions) ACTION_OF.set(a, id);
    for (const p of Object.keys(rules.phase)) ACTION_OF.set(`phase:${p}`, id);
  }
}

const roleGame = (x: unknown): RulesetId | undefined =>
  typeof x === 'string' ? ROLE_OF[x as Role] : undefined;

/** What the ruleset of a request is read from (a request, or a prompt's source). */
export type RulesetSource = Pick<DecisionRequest, 'phase' | 'legalActions' | 'state'> & {
  history: readonly HistoryEntry[];
};

/** The ruleset a request shows, or undefined when nothing in it tells. */
function shown(req: RulesetSource): RulesetId | undefined {
  const phaseGame = ACTION_OF.get(`phase:${req.phase}`);
  if (phaseGame) return phaseGame;
  for (const a of req.legalActions) {
    const g = ACTION_OF.get(a.type) ?? roleGame(a.data?.role);
    if (g) return g;
  }
  const { you, players, pending } = req.state;
  // (A shown card of the interrogate_decide phase is caught by the phase above.)
  for (const c of you?.cards ?? []) if (roleGame(c.role)) return roleGame(c.role);
  for (const r of you?.drawn ?? []) if (roleGame(r)) return roleGame(r);
  for (const p of players) for (const r of p.revealed) if (roleGame(r)) return roleGame(r);
  if (pending) {
    const g = ACTION_OF.get(pending.action) ?? roleGame(pending.claim) ?? roleGame(pending.blockRole);
    if (g) return g;
  }
  for (const e of req.history) {
    const g = rulesetOfEntry(e);
    if (g) return g;
  }
  return undefined;
}

/** The ruleset one history entry shows (a role, a claim or an action only one game has), if any. */
export function rulesetOfEntry(e: HistoryEntry): RulesetId | undefined {
  const rec = e as Record<string, unknown>;
  return (
    roleGame(rec.role) ??
    roleGame(rec.claim) ??
    (typeof rec.action === 'string' ? ACTION_OF.get(rec.action) : undefined)
  );
}

/**
 * The ruleset of the game a request belongs to, as far as it shows (`known` false: nothing told, the
 * default `original` is assumed). `remembered`: what the match's history showed so far (a bot's memory
 * folds it with rulesetOfEntry), when the request's own history is a delta.
 */
export function rulesetOfRequest(
  req: RulesetSource,
  remembered?: RulesetId,
): { rules: Ruleset; known: boolean } {
  const id = remembered ?? shown(req);
  return { rules: RULESETS[id ?? DEFAULT_RULESET], known: id !== undefined };
}
