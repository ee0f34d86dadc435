import { ALL_ROLES } from '@coup/engine';
import type { Role } from '@coup/engine';
import type { HistoryEntry } from '@coup/protocol';

// What the `people` bot remembers of the public history: each seat's standing claims (a role claimed by
// an action or a block, not since challenged, shown, lost or exchanged away), with the turn it was first
// claimed, and whether the game is an Inquisitor game. The fitter keeps the same record from the
// archive's turns (@coup/archive/people), so both read "claimed before" and "stands on a claim" alike.

export interface PeopleRecord {
  /** By seat: role -> the turn it was first claimed, for standing claims only. */
  claims: Map<Role, number>[];
  /** Something of the Inquisitor game was seen (its role, or an interrogation). */
  inquisitors: boolean;
}

export function blankPeopleRecord(seats = 6): PeopleRecord {
  return { claims: Array.from({ length: seats }, () => new Map<Role, number>()), inquisitors: false };
}

const isRole = (x: unknown): x is Role =>
  typeof x === 'string' && (ALL_ROLES as readonly string[]).includes(x);
const field = (e: HistoryEntry, k: string): unknown => (e as Record<string, unknown>)[k];

/** Notes a claim of `role` by `seat` in `turn`, keeping the turn of a claim it already stands on. */
export function noteClaim(r: PeopleRecord, seat: number, role: Role, turn: number): void {
  const m = r.claims[seat];
  if (m && !m.has(role)) m.set(role, turn);
  if (role === 'inquisitor') r.inquisitors = true;
}

export function dropClaim(r: PeopleRecord, seat: number, role: Role): void {
  r.claims[seat]?.delete(role);
  if (role === 'inquisitor') r.inquisitors = true;
}

/** Whether `seat` stands on a claim of `role` made in a turn before `turn`. */
export function claimedBefore(r: PeopleRecord, seat: number, role: Role, turn: number): boolean {
  const t = r.claims[seat]?.get(role);
  return t !== undefined && t < turn;
}

export function standsOn(r: PeopleRecord, seat: number, role: Role): boolean {
  return r.claims[seat]?.has(role) ?? false;
}

/** Folds one history entry into the record; unknown or malformed entries are skipped. */
export function applyPeopleEntry(r: PeopleRecord, e: HistoryEntry): void {
  const seat = field(e, 'seat');
  if (typeof seat !== 'number') return;
  const turn = typeof field(e, 'turn') === 'number' ? (field(e, 'turn') as number) : 0;
  switch (e.event) {
    case 'declared': {
      const claim = field(e, 'claim');
      if (isRole(claim)) noteClaim(r, seat, claim, turn);
      if (field(e, 'action') === 'interrogate') r.inquisitors = true;
      break;
    }
    case 'blocked': {
      const role = field(e, 'role');
      if (isRole(role)) noteClaim(r, seat, role, turn);
      break;
    }
    case 'challenged': {
      // Caught or proven, the claim no longer stands: a caught bluff is refuted, a proven card was
      // shuffled back for an unknown one.
      const challenged = field(e, 'challenged');
      const claim = field(e, 'claim');
      if (typeof challenged === 'number' && isRole(claim)) dropClaim(r, challenged, claim);
      break;
    }
    case 'influence_lost': {
      const role = field(e, 'role');
      if (isRole(role)) dropClaim(r, seat, role);
      break;
    }
    case 'exchange_returned':
      r.claims[seat]?.clear();
      break;
    default:
      break;
  }
}
