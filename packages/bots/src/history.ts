import { ALL_ROLES } from '@coup/engine';
import type { Role, RulesetId } from '@coup/engine';
import { rulesetOfEntry } from '@coup/protocol';
import type { HistoryEntry } from '@coup/protocol';

/** What the public history says about one seat's habits and likely cards. */
export interface SeatRecord {
  /** Challenges made, and challenge windows passed. */
  challenges: number;
  challengePasses: number;
  /** Times this seat was challenged and held the claimed role, or did not. */
  truthful: number;
  caught: number;
  /** Roles claimed (by an action or a block) and not refuted, shown or exchanged away since. */
  claims: Set<Role>;
  /** Roles the seat had every reason to claim and did not (a target that did not block, a caught bluff). */
  denied: Set<Role>;
  /**
   * Roles I know the seat holds face-down: each a card it showed me when I interrogated it and let it
   * keep (the Inquisitor game). Forgotten when the card may have left its hand (lost, shown to prove a
   * claim, exchanged, or replaced by another seat's forced exchange).
   */
  known: Role[];
}

const isRole = (x: unknown): x is Role =>
  typeof x === 'string' && (ALL_ROLES as readonly string[]).includes(x);
const num = (e: HistoryEntry, k: string): number | null => {
  const v = (e as Record<string, unknown>)[k];
  return typeof v === 'number' ? v : null;
};
const str = (e: HistoryEntry, k: string): string | null => {
  const v = (e as Record<string, unknown>)[k];
  return typeof v === 'string' ? v : null;
};

function blank(): SeatRecord {
  return {
    challenges: 0,
    challengePasses: 0,
    truthful: 0,
    caught: 0,
    claims: new Set(),
    denied: new Set(),
    known: [],
  };
}

/** Forgets one known copy of `role` (the card left the seat's hand). */
function forget(rec: SeatRecord, role: Role): void {
  const i = rec.known.indexOf(role);
  if (i >= 0) rec.known.splice(i, 1);
}

/** What the public history says so far: one record per seat, and the action being declared. */
export interface HistoryRecord {
  recs: SeatRecord[];
  declared: { action: string; target: number | null } | null;
  /** The match's ruleset once its history showed it (rulesetOfEntry): later delta requests may not. */
  ruleset?: RulesetId;
}

/** Records for up to 6 seats (seat numbers index them directly). */
export function blankRecord(seats = 6): HistoryRecord {
  return { recs: Array.from({ length: seats }, blank), declared: null };
}

/** Folds one history entry into the record. Unknown or malformed entries are skipped. */
export function applyEntry(h: HistoryRecord, e: HistoryEntry): void {
  const recs = h.recs;
  h.ruleset ??= rulesetOfEntry(e);
  const seat = num(e, 'seat');
  const rec = seat !== null ? recs[seat] : undefined;
  switch (e.event) {
    case 'declared': {
      h.declared = { action: str(e, 'action') ?? '', target: num(e, 'target') };
      const claim = str(e, 'claim');
      if (rec && isRole(claim)) {
        rec.claims.add(claim);
        rec.denied.delete(claim);
      }
      break;
    }
    case 'passed': {
      const phase = str(e, 'phase');
      const declared = h.declared;
      if (!rec) break;
      if (phase === 'challenge_action' || phase === 'challenge_block') rec.challengePasses++;
      else if (phase === 'block' && declared) {
        // Not blocking is a hint about the cards: a target that lets itself be assassinated has no
        // contessa, one that lets itself be robbed likely has neither captain nor ambassador.
        if (declared.action === 'assassinate' && declared.target === seat) rec.denied.add('contessa');
        if (declared.action === 'steal' && declared.target === seat) {
          // Whichever the game has (a role outside its deck is never held anyway).
          rec.denied.add('captain');
          rec.denied.add('ambassador');
          rec.denied.add('inquisitor');
        }
        if (declared.action === 'foreign_aid') rec.denied.add('duke');
      }
      break;
    }
    case 'blocked': {
      const role = str(e, 'role');
      if (rec && isRole(role)) {
        rec.claims.add(role);
        rec.denied.delete(role);
      }
      break;
    }
    case 'challenged': {
      if (rec) rec.challenges++;
      const challenged = num(e, 'challenged');
      const target = challenged !== null ? recs[challenged] : undefined;
      const claim = str(e, 'claim');
      if (!target) break;
      if ((e as Record<string, unknown>).truthful === true) target.truthful++;
      else {
        target.caught++;
        if (isRole(claim)) {
          target.claims.delete(claim);
          target.denied.add(claim);
        }
      }
      break;
    }
    case 'card_shown': {
      // The shown card went back into the deck; the replacement is unknown to everyone else.
      const role = str(e, 'role');
      if (rec && isRole(role)) {
        rec.claims.delete(role);
        forget(rec, role);
      }
      break;
    }
    case 'influence_lost': {
      const role = str(e, 'role');
      if (rec && isRole(role)) {
        rec.claims.delete(role);
        forget(rec, role);
      }
      break;
    }
    case 'exchange_returned':
      if (rec) {
        rec.claims.clear();
        rec.denied.clear();
        rec.known = [];
      }
      break;
    case 'interrogation_decided': {
      // My copy names the role when I interrogated (the target's copy also has the slot: its own card).
      const target = num(e, 'target');
      const t = target !== null ? recs[target] : undefined;
      const role = str(e, 'role');
      const forced = (e as Record<string, unknown>).forced === true;
      if (!t) break;
      if (isRole(role) && (e as Record<string, unknown>).slot === undefined) {
        // A role shown again is taken for the same card (it may be its pair: knowing one is enough).
        if (forced) forget(t, role);
        else if (!t.known.includes(role)) t.known.push(role);
      } else if (forced && !isRole(role)) t.known = [];
      break;
    }
    default:
      break;
  }
}

/** Replays a whole public history into one record per seat (bots keep it incrementally: HistoryMemory). */
export function readHistory(history: readonly HistoryEntry[], seats: number): SeatRecord[] {
  const h = blankRecord(seats);
  for (const e of history) applyEntry(h, e);
  return h.recs;
}

/** How often a seat challenges, shrunk toward `prior` while there are few observations. */
function rateOf(rec: SeatRecord | undefined, prior: number): number {
  if (!rec) return prior;
  return (rec.challenges + 3 * prior) / (rec.challenges + rec.challengePasses + 3);
}

/**
 * How likely a seat is to challenge my claim. The prior is cautious (0.2): bluffing into a table that
 * challenges often is expensive, and a seat that rarely challenges shows it quickly.
 */
export function challengeRate(rec: SeatRecord | undefined): number {
  return rateOf(rec, 0.2);
}

/**
 * How readily a seat claims roles it does not hold: P(claim | no card), estimated from its challenged
 * claims (caught bluffs against shown cards). The prior leans on how recklessly it challenges: seats that
 * challenge a lot also tend to claim a lot, and careful ones claim what they hold.
 */
export function bluffRate(rec: SeatRecord | undefined): number {
  const prior = 0.05 + 1.2 * rateOf(rec, 1 / 6);
  if (!rec) return prior;
  const rate = (rec.caught + prior) / (rec.caught + rec.truthful + 1);
  return Math.min(1, Math.max(0.05, rate));
}
