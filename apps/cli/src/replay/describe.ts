import type { Action, GameEvent, Role } from '@coup/engine';

// Plain-English lines for engine events and actions, shared by the omniscient and the per-seat views.
// Private fields (a replacement card, exchanged roles) are shown when the event carries them, which is
// only in the omniscient replay or in the copy of the seat that owns them.

export type Who = (seat: number | null | undefined) => string;

export function namer(players: readonly { seat: number; name: string }[], me: number | null = null): Who {
  const names = new Map(players.map((p) => [p.seat, p.name]));
  return (seat) => {
    if (seat === null || seat === undefined) return 'nobody';
    const name = names.get(seat) ?? '?';
    return seat === me ? `you [${seat}]` : `${name} [${seat}]`;
  };
}

export const roleName = (r: string | null | undefined): string =>
  r ? r.charAt(0).toUpperCase() + r.slice(1) : '?';

const roles = (rs: readonly Role[]): string => rs.map(roleName).join(', ');

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

function declared(e: Extract<GameEvent, { type: 'declared' }>, who: Who): string {
  const claim = e.claim ? `, claiming ${roleName(e.claim)}` : '';
  const pays = e.cost > 0 ? ` (pays ${e.cost})` : '';
  switch (e.action) {
    case 'income':
      return `${who(e.seat)} takes income`;
    case 'foreign_aid':
      return `${who(e.seat)} takes foreign aid`;
    case 'coup':
      return `${who(e.seat)} launches a coup on ${who(e.target)}${pays}`;
    case 'tax':
      return `${who(e.seat)} collects tax${claim}`;
    case 'assassinate':
      return `${who(e.seat)} tries to assassinate ${who(e.target)}${claim}${pays}`;
    case 'steal':
      return `${who(e.seat)} tries to steal from ${who(e.target)}${claim}`;
    case 'exchange':
      return `${who(e.seat)} exchanges with the deck${claim}`;
    default:
      return `${who(e.seat)} declares ${String(e.action)}${claim}${pays}`;
  }
}

const PASS_WORDS: Record<string, string> = {
  challenge_action: 'does not challenge',
  block: 'does not block',
  challenge_block: 'accepts the block',
};

/** One line per event; turn_started is left to the caller, which prints a turn header instead. */
export function describeEvent(e: GameEvent, who: Who): string {
  switch (e.type) {
    case 'turn_started':
      return `turn ${e.turn}: ${who(e.seat)} to play`;
    case 'declared':
      return declared(e, who);
    case 'passed':
      return `${who(e.seat)} ${PASS_WORDS[e.phase] ?? 'passes'}`;
    case 'challenged': {
      const what = e.against === 'block' ? 'block' : 'claim';
      const verdict = e.truthful ? `${who(e.challenged)} has it` : `${who(e.challenged)} was bluffing`;
      return `${who(e.seat)} challenges the ${roleName(e.claim)} ${what} of ${who(e.challenged)}: ${verdict}`;
    }
    case 'card_shown': {
      const drawn = e.replacement ? `draws ${roleName(e.replacement)}` : 'draws a new card';
      return `${who(e.seat)} reveals ${roleName(e.role)}, shuffles it into the deck and ${drawn}`;
    }
    case 'blocked':
      return `${who(e.seat)} blocks ${who(e.actor)}, claiming ${roleName(e.role)}`;
    case 'influence_lost':
      return `${who(e.seat)} loses ${roleName(e.role)} (${e.reason})`;
    case 'resolved': {
      const gain = e.coins > 0 ? `: ${who(e.seat)} +${plural(e.coins, 'coin')}` : '';
      const action = e.action.replace('_', ' ');
      if (e.outcome === 'done') return `${action} succeeds${gain}`;
      if (e.outcome === 'no_effect') return `${action} has no effect`;
      return `${action} is ${e.outcome}`;
    }
    case 'exchange_drawn':
      return `${who(e.seat)} draws ${plural(e.count, 'card')}${e.roles ? ` (${roles(e.roles)})` : ''}`;
    case 'exchange_returned':
      return `${who(e.seat)} returns ${plural(e.count, 'card')}${e.returned ? ` (${roles(e.returned)})` : ''}`;
    case 'forfeited':
      return `${who(e.seat)} forfeits`;
    case 'eliminated':
      return `${who(e.seat)} is eliminated`;
    case 'game_over':
      return `game over: ${e.reason === 'turn_cap' ? 'turn limit reached' : 'last player standing'}`;
    default:
      return JSON.stringify(e);
  }
}

/** An action as a short phrase ("block (Contessa)", "coup -> heuristic [1]"). */
export function describeAction(a: Action | null | undefined, who: Who): string {
  if (!a) return 'nothing';
  const d = a.data ?? {};
  const parts: string[] = [a.type];
  if (d.target !== undefined) parts.push(`-> ${who(d.target)}`);
  if (d.role !== undefined) parts.push(`(${roleName(d.role)})`);
  if (d.card_index !== undefined) parts.push(`slot ${d.card_index}`);
  if (d.return_indices !== undefined) parts.push(`indices ${d.return_indices.join(',')}`);
  return parts.join(' ');
}

export function formatMs(ms: number): string {
  return ms < 10 ? `${ms.toFixed(2)} ms` : ms < 1000 ? `${ms.toFixed(0)} ms` : `${(ms / 1000).toFixed(2)} s`;
}

/** "1. heuristic [1]   2. random [0], honest [2]" */
export function describeRanking(ranking: readonly (readonly number[])[], who: Who): string {
  let place = 1;
  return ranking
    .map((tier) => {
      const s = `${place}. ${tier.map((seat) => who(seat)).join(', ')}`;
      place += tier.length;
      return s;
    })
    .join('   ');
}
