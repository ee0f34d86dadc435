import { ALL_ROLES, RULESETS } from '@coup/engine';
import type { Action, GameEvent, GameEventType } from '@coup/engine';
import type { HistoryEntry } from './game';

// The one describer: game events and actions in plain words, for the agents' prompt (renderPrompt), the
// CLI's `replay show` and the web UI's replay viewer and live view. Each caller passes how seats are
// named (seatNamer names them from one seat's point of view). Private fields (a replacement card,
// exchanged roles) are told when the event carries them: only in the omniscient replay or the owning
// seat's copy. Imports nothing from Node: the web UI bundles it (@coup/protocol/describe).

/** How a seat is named in a sentence; null or undefined is "nobody". */
export type Who = (seat: number | null | undefined) => string;

/** An engine event, or the same event as a history entry of a decision request (`type` named `event`). */
export type Describable = GameEvent | HistoryEntry;

/** Seats named from `me`'s point of view: "you (seat 2)", "seat 0 (alpha)"; without `me`, no "you". */
export function seatNamer(names: readonly (string | undefined)[], me: number | null = null): Who {
  // An anonymous arrow: tsx/esbuild would wrap a named one in a naming helper on every prompt.
  return (seat) => {
    if (seat === null || seat === undefined) return 'nobody';
    if (seat === me) return `you (seat ${seat})`;
    const name = names[seat];
    return name === undefined ? `seat ${seat}` : `seat ${seat} (${name})`;
  };
}

/** Every role of every ruleset, capitalised: "Duke", "Inquisitor". */
const ROLE_NAME: Record<string, string> = Object.fromEntries(
  ALL_ROLES.map((r) => [r, r.charAt(0).toUpperCase() + r.slice(1)]),
);

/**
 * How many cards an exchange claiming `claim` draws: the ruleset whose exchange claims that role says
 * (the ambassador's 2, the inquisitor's 1); 2 when the claim is not known.
 */
export function exchangeDraws(claim: unknown): number {
  for (const rules of Object.values(RULESETS)) {
    const exchange = rules.action.exchange;
    if (exchange && exchange.claim === claim) return exchange.draws ?? 2;
  }
  return 2;
}

const cards = (n: number): string => (n === 1 ? '1 card' : `${n} cards`);

/** "Duke" for duke; "?" when there is no role. */
export function roleName(r: unknown): string {
  if (r === null || r === undefined) return '?';
  return ROLE_NAME[String(r)] ?? String(r);
}

const roleList = (rs: unknown): string => (Array.isArray(rs) ? ` (${rs.map(roleName).join(', ')})` : '');

/**
 * What a turn action does, in words ("steal up to 2 coins from seat 2 (bob)"). `claim`: the role it
 * claims, which tells how many cards an exchange draws (default: the ambassador's 2).
 */
export function actionWords(
  action: string,
  target: number | null | undefined,
  who: Who,
  claim?: unknown,
): string {
  switch (action) {
    case 'income':
      return 'take income (1 coin)';
    case 'foreign_aid':
      return 'take foreign aid (2 coins)';
    case 'coup':
      return `coup ${who(target)}`;
    case 'tax':
      return 'collect tax (3 coins)';
    case 'assassinate':
      return `assassinate ${who(target)}`;
    case 'steal':
      return `steal up to 2 coins from ${who(target)}`;
    case 'exchange':
      return `exchange ${cards(claim === undefined ? 2 : exchangeDraws(claim))} with the deck`;
    case 'interrogate':
      return `interrogate ${who(target)}`;
    default:
      return action;
  }
}

const OUTCOME: Record<string, string> = {
  done: 'succeeded',
  blocked: 'was blocked',
  cancelled: 'was cancelled',
  no_effect: 'had no effect',
};

/**
 * One event as a clause ("seat 0 (alpha) declared collect tax (3 coins) claiming Duke"). Read field by
 * field, defensively: a history entry comes from the wire, where nothing stops an extra or odd field.
 */
export function describeEvent(e: Describable, who: Who): string {
  const f = e as unknown as Record<string, unknown>;
  // Typed as the engine's event types so that a new one fails to compile until it is described below (a
  // history entry from the wire may still carry another: it falls to the last line, in plain words).
  const type = String('type' in e ? e.type : e.event) as GameEventType;
  const s = who(f.seat as number | undefined);
  switch (type) {
    case 'turn_started':
      return `turn ${String(f.turn)}: ${s} to play`;
    case 'declared': {
      const claim = f.claim ? ` claiming ${roleName(f.claim)}` : '';
      return `${s} declared ${actionWords(String(f.action), f.target as number | null, who, f.claim ?? undefined)}${claim}`;
    }
    case 'passed':
      return `${s} passed`;
    case 'challenged':
      return `${s} challenged ${who(f.challenged as number)} (${f.truthful ? 'it held' : 'it had no'} ${roleName(f.claim)})`;
    case 'card_shown': {
      const drew = f.replacement ? ` and drew ${roleName(f.replacement)}` : ' and drew a replacement';
      return `${s} showed ${roleName(f.role)}${drew}`;
    }
    case 'blocked':
      return `${s} blocked claiming ${roleName(f.role)}`;
    case 'influence_lost':
      return `${s} lost ${roleName(f.role)}`;
    case 'resolved':
      return `the ${String(f.action).replace('_', ' ')} of ${s} ${OUTCOME[String(f.outcome)] ?? String(f.outcome)}`;
    case 'exchange_drawn':
      return `${s} drew ${cards(Number(f.count))}${roleList(f.roles)}`;
    case 'exchange_returned':
      return `${s} returned ${cards(Number(f.count))}${roleList(f.returned)}`;
    case 'interrogation_shown': {
      // The role is in the two seats' copies only.
      const card = f.role ? roleName(f.role) : 'a card';
      return `${s} showed ${card} to ${who(f.interrogator as number)}`;
    }
    case 'interrogation_decided': {
      const card = f.role ? `its ${roleName(f.role)}` : 'the shown card';
      const target = who(f.target as number);
      if (!f.forced) return `${s} let ${target} keep ${card}`;
      const drew = f.replacement ? ` (it drew ${roleName(f.replacement)})` : '';
      return `${s} made ${target} exchange ${card} with the deck${drew}`;
    }
    case 'forfeited':
      return `${s} forfeited`;
    case 'eliminated':
      return `${s} was eliminated`;
    case 'game_over': {
      const first: unknown[] = Array.isArray(f.ranking) && Array.isArray(f.ranking[0]) ? f.ranking[0] : [];
      const why = f.reason === 'turn_cap' ? 'turn limit reached' : 'last one standing';
      const won = first.length > 1 ? 'shared first place' : 'won';
      return `game over (${why}): ${first.map((x) => who(x as number)).join(' and ')} ${won}`;
    }
    default: {
      const unknown: never = type;
      return `${s} ${String(unknown)}`;
    }
  }
}

/** An action as a short phrase: "steal from seat 1 (bob)", "block claiming Captain", "reveal slot 1". */
export function describeAction(a: Action | null | undefined, who: Who): string {
  if (!a) return 'nothing';
  const d = a.data ?? {};
  switch (a.type) {
    case 'coup':
    case 'assassinate':
      return `${a.type} ${who(d.target)}`;
    case 'steal':
      return `steal from ${who(d.target)}`;
    case 'foreign_aid':
      return 'foreign aid';
    case 'block':
      return `block claiming ${roleName(d.role)}`;
    case 'lose_card':
      return `reveal the card in slot ${d.card_index ?? '?'}`;
    case 'return_cards':
      return `return choices ${(d.return_indices ?? []).join(' and ')}`;
    case 'interrogate':
      return `interrogate ${who(d.target)}`;
    case 'show_card':
      return `show the card in slot ${d.card_index ?? '?'}`;
    case 'allow':
      return 'let the card be kept';
    case 'force_exchange':
      return 'force an exchange';
    default:
      return a.type;
  }
}

/** Whatever an agent sent as its action, shortened for display. */
export function describeAnswer(answer: unknown, who: Who): string {
  if (answer === null || answer === undefined) return 'no usable answer';
  if (typeof answer === 'object' && typeof (answer as { type?: unknown }).type === 'string') {
    return describeAction(answer as Action, who);
  }
  const s = JSON.stringify(answer);
  return s.length > 80 ? `${s.slice(0, 77)}…` : s;
}
