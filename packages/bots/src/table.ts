import type { Role, Ruleset, RulesetId } from '@coup/engine';
import { rulesetOfRequest } from '@coup/protocol';
import type { DecisionRequest, WireState } from '@coup/protocol';

export type WirePlayer = WireState['players'][number];

/** What a seat can count from its own request: its hand, and every copy of each role it cannot see. */
export interface Table {
  /** The game's rules (rulesetOfRequest: as far as the request shows; `original` until it does). */
  rules: Ruleset;
  me: number;
  coins: number;
  /** My face-down roles, in slot order. */
  hand: Role[];
  players: WirePlayer[];
  /** Living seats other than me, in seat order. */
  opponents: WirePlayer[];
  /** Copies of each role neither revealed nor in my hand (nor drawn by my exchange); 0 outside the deck. */
  unseen: Record<Role, number>;
  /** Cards I cannot see: the deck plus every other face-down card. */
  unseenTotal: number;
  revealed: Record<Role, number>;
}

export function zeroCounts(): Record<Role, number> {
  return { duke: 0, assassin: 0, captain: 0, ambassador: 0, inquisitor: 0, contessa: 0 };
}

/** `ruleset`: the game as a bot's memory of the match knows it (default: what the request shows). */
export function readTable(req: DecisionRequest, ruleset?: RulesetId): Table {
  const rules = rulesetOfRequest(req, ruleset).rules;
  const me = req.seat;
  const you = req.state.you;
  const hand: Role[] = [];
  for (const c of you?.cards ?? []) if (!c.revealed) hand.push(c.role);
  const revealed = zeroCounts();
  for (const p of req.state.players) for (const r of p.revealed) revealed[r]++;
  const unseen = zeroCounts();
  const own = zeroCounts();
  for (const r of hand) own[r]++;
  for (const r of you?.drawn ?? []) own[r]++;
  let unseenTotal = 0;
  for (const r of rules.roles) {
    unseen[r] = Math.max(0, rules.copiesPerRole - revealed[r] - own[r]);
    unseenTotal += unseen[r];
  }
  const players = req.state.players;
  const opponents = players.filter((p) => p.seat !== me && !p.eliminated);
  const coins = you?.coins ?? players.find((p) => p.seat === me)?.coins ?? 0;
  return { rules, me, coins, hand, players, opponents, unseen, unseenTotal, revealed };
}

export function holds(t: Table, role: Role): boolean {
  return t.hand.includes(role);
}

/** The roles that may block `action` in this game (empty: unblockable, or no such action). */
export function blockersOf(t: Table, action: string | undefined): readonly Role[] {
  return t.rules.action[action as keyof Ruleset['action']]?.blockers ?? [];
}

/** The role `action` claims in this game, or null. */
export function claimOf(t: Table, action: string): Role | null {
  return t.rules.action[action as keyof Ruleset['action']]?.claim ?? null;
}

export function player(t: Table, seat: number): WirePlayer | undefined {
  return t.players.find((p) => p.seat === seat);
}

/**
 * Card counting alone: the chance that `seat` holds at least one `role` face-down, if the cards I cannot
 * see were dealt at random (hypergeometric over the unseen pool).
 */
export function probHolds(t: Table, seat: number, role: Role): number {
  if (seat === t.me) return holds(t, role) ? 1 : 0;
  return probAmong(player(t, seat)?.faceDown ?? 0, t.unseen[role], t.unseenTotal);
}

/** The chance that `h` cards dealt at random from `n` unseen ones, `u` of them the role, hold one. */
export function probAmong(h: number, u: number, n: number): number {
  if (h <= 0 || u <= 0 || n <= 0) return 0;
  if (u >= n) return 1;
  // 1 - C(n-u, h) / C(n, h), computed as a product to stay exact for small numbers.
  let none = 1;
  for (let i = 0; i < h; i++) none *= Math.max(0, n - u - i) / (n - i);
  return 1 - none;
}

/** Chance that `seat` holds every unseen copy of `role`, so it can prove a claim of it false. */
export function probHoldsAll(t: Table, seat: number, role: Role): number {
  const h = player(t, seat)?.faceDown ?? 0;
  const u = t.unseen[role];
  const n = t.unseenTotal;
  if (u === 0) return 1;
  if (u > h || n === 0) return 0;
  // Every one of the u copies among the seat's h cards: C(n-u, h-u) / C(n, h).
  let p = 1;
  for (let i = 0; i < u; i++) p *= (h - i) / (n - i);
  return p;
}
