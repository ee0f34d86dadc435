import { HttpError } from '../errors';

// Who may queue which match through POST /v1/matches. Ratings must only come from fair tables: a ranked
// match is formed by the matchmaker or an official event (or the operator), never by an account choosing
// its opponents and their deadline; and a casual match must not let one account hurt another owner's agent.

export interface MatchCaller {
  account: { id: string } | null;
  /** The operator's admin key, or an admin account's key. */
  isAdmin: boolean;
}

export interface SeatedAgent {
  id: string;
  name: string;
  ownerId: string;
  /** The platform's built-in bots: answered in-process, shared by everyone, exempt from owner limits. */
  isHouse: boolean;
}

export const RANKED_NOT_ALLOWED = 'ranked_not_allowed';
export const CUSTOM_TIMEOUT_NOT_ALLOWED = 'custom_timeout_not_allowed';
export const TOO_MANY_SEATS_PER_OWNER = 'too_many_seats_per_owner';
export const TOO_MANY_ACTIVE_MATCHES = 'too_many_active_matches';

/** Only the operator queues ranked matches here; everyone else gets them from the ranked queue. */
export function checkRankedAllowed(caller: MatchCaller): void {
  if (caller.isAdmin) return;
  throw new HttpError(
    403,
    RANKED_NOT_ALLOWED,
    'ranked matches are formed only by the matchmaker and official events (and the operator): put your ' +
      'agent in the ranked queue (POST /v1/agents/{id}/queue) to play rated matches, or leave "ranked" out ' +
      'for a casual match',
  );
}

/**
 * The decision deadline of a queued match. A custom timeoutMs is the caller's to choose only when every
 * seat is the caller's own agent or a house agent: a short deadline would otherwise make another owner's
 * agent fault and forfeit on purpose. The operator may choose any.
 */
export function decisionDeadline(
  caller: MatchCaller,
  agents: readonly SeatedAgent[],
  requested: number | undefined,
  platformMs: number,
): number {
  if (requested === undefined || requested === platformMs || caller.isAdmin) return requested ?? platformMs;
  const others = agents.filter((a) => !a.isHouse && a.ownerId !== caller.account?.id);
  if (others.length === 0) return requested;
  const named = [...new Set(others.map((a) => `${a.name} (${a.id})`))].join(', ');
  throw new HttpError(
    400,
    CUSTOM_TIMEOUT_NOT_ALLOWED,
    `timeoutMs: a match that seats another owner's agent (${named}) uses the platform's decision deadline ` +
      `(${platformMs} ms, MATCH_TIMEOUT_MS); leave timeoutMs out, or seat only your own and house agents`,
    { path: 'body.timeoutMs', platformTimeoutMs: platformMs },
  );
}

/** The matchmaker's rule against self-collusion, for ranked matches queued by the operator too. */
export function checkSeatsPerOwner(agents: readonly SeatedAgent[], maxPerOwner: number): void {
  const perOwner = new Map<string, number>();
  for (const a of agents) if (!a.isHouse) perOwner.set(a.ownerId, (perOwner.get(a.ownerId) ?? 0) + 1);
  const over = [...perOwner].find(([, n]) => n > maxPerOwner);
  if (!over) return;
  throw new HttpError(
    409,
    TOO_MANY_SEATS_PER_OWNER,
    `a ranked match seats at most ${maxPerOwner} agent(s) of one owner (MAX_SEATS_PER_OWNER); ` +
      `owner ${over[0]} has ${over[1]} here`,
    { ownerId: over[0], seats: over[1], limit: maxPerOwner },
  );
}

export function tooManyActiveMatches(active: number, limit: number): HttpError {
  return new HttpError(
    429,
    TOO_MANY_ACTIVE_MATCHES,
    `this account already has ${active} queued or running matches; the limit is ${limit} ` +
      '(MAX_ACTIVE_MATCHES_PER_ACCOUNT): queue more once some have ended',
    { active, limit },
  );
}
