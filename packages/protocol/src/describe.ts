import type { Action, GameEvent } from '@coup/engine';
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

const ROLE_NAME: Record<string, string> = {
  duke: 'Duke',
  assassin: 'Assassin',
  captain: 'Captain',
  ambassador: 'Ambassador',
  contessa: 'Contessa',
};

/** "Duke" for duke; "?" when there is no role. */
export function roleName(r: unknown): string {
  if (r === null || r === undefined) return '?';
  return ROLE_NAME[String(r)] ?? String(r);
}

const roleList = (rs: unknown): string => (Array.isArray(rs) ? ` (${rs.map(roleName).join(', ')})` : '');

/** What a turn action does, in words ("steal up to 2 coins from seat 2 (bob)"). */
export function actionWords(action: string, target: number | null | undefined, who: Who): string {
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
      return 'exchange 2 cards with the deck';
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
  const type = String('type' in e ? e.type : e.event);
  const s = who(f.seat as number | undefined);
  switch (type) {
    case 'turn_started':
      return `turn ${String(f.turn)}: ${s} to play`;
    case 'declared': {
      const claim = f.claim ? ` claiming ${roleName(f.claim)}` : '';
      return `${s} declared ${actionWords(String(f.action), f.target as number | null, who)}${claim}`;
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
      return `${s} drew ${String(f.count)} cards${roleList(f.roles)}`;
    case 'exchange_returned':
      return `${s} returned ${String(f.count)} cards${roleList(f.returned)}`;
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
    default:
      return `${s} ${type}`;
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
