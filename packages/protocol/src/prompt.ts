import { ROLES } from '@coup/engine';
import type { DecisionRequest } from './messages';
import type { HistoryEntry } from './game';

// A compact plain-text rendering of a decision for agents that hand it to a language model. It holds
// the same facts as the JSON request (nothing more), ends with the legal answers both in words and as
// the exact JSON to send, and is deterministic: the same request always renders the same text.

export type PromptInput = Omit<DecisionRequest, 'prompt'>;
type Action = DecisionRequest['legalActions'][number];

const ROLE_NAME: Record<string, string> = {
  duke: 'Duke',
  assassin: 'Assassin',
  captain: 'Captain',
  ambassador: 'Ambassador',
  contessa: 'Contessa',
};
const role = (r: unknown): string => ROLE_NAME[String(r)] ?? String(r);

export function renderPrompt(req: PromptInput): string {
  const s = req.state;
  const me = req.seat;
  // Not a closure: tsx/esbuild would wrap a named arrow in a naming helper on every call.
  const who = new Who(s.players, me).fn;
  const lines: string[] = [];

  const active = s.activeSeat === me ? 'your turn' : `the turn of ${who(s.activeSeat)}`;
  lines.push(`Coup, turn ${s.turn}: ${active}. You are seat ${me} (${s.players[me]?.name ?? ''}).`);

  const you = s.you;
  if (you) {
    let down = '';
    let up = '';
    for (let i = 0; i < you.cards.length; i++) {
      const c = you.cards[i] as { role: string; revealed: boolean };
      const text = `${role(c.role)} (slot ${i})`;
      if (c.revealed) up = up ? `${up}, ${text}` : text;
      else down = down ? `${down}, ${text}` : text;
    }
    let line = `You: ${coins(you.coins)}; face-down: ${down || 'none'}`;
    if (up) line += `; revealed: ${up}`;
    if (you.drawn?.length) line += `; drawn: ${you.drawn.map(role).join(', ')}`;
    lines.push(line + '.');
  }

  lines.push('Seats:');
  const revealedCount: Record<string, number> = {
    duke: 0,
    assassin: 0,
    captain: 0,
    ambassador: 0,
    contessa: 0,
  };
  for (const p of s.players) {
    for (const r of p.revealed) revealedCount[r] = (revealedCount[r] ?? 0) + 1;
    const tag = p.seat === me ? ' (you)' : '';
    const up = p.revealed.length ? `; revealed ${p.revealed.map(role).join(', ')}` : '';
    const body = p.eliminated ? 'eliminated' : `${coins(p.coins)}, ${p.faceDown} face-down`;
    lines.push(`- seat ${p.seat} ${p.name}${tag}: ${body}${up}`);
  }
  let counts = '';
  for (const r of ROLES) counts += `${counts ? ', ' : ''}${role(r)} ${revealedCount[r] ?? 0}/3`;
  lines.push(`Revealed so far: ${counts}. Deck: ${s.deckSize} cards.`);

  const thisTurn = currentTurn(req.history, s.turn).map((h) => describeEvent(h, who));
  if (thisTurn.length) lines.push(`This turn: ${thisTurn.join('; ')}.`);

  lines.push(`Now: ${situation(req, who)}`);
  lines.push('Answer with {"action": <one of these>}:');
  for (const a of req.legalActions) lines.push(`- ${describeAction(a, req, who)}: ${actionJson(a)}`);
  return lines.join('\n');
}

// The engine shares its legal-action objects between calls, so their JSON is worth remembering.
const JSON_OF = new WeakMap<object, string>();
function actionJson(a: Action): string {
  let json = JSON_OF.get(a);
  if (json === undefined) {
    json = JSON.stringify(a);
    JSON_OF.set(a, json);
  }
  return json;
}

const coins = (n: number): string => (n === 1 ? '1 coin' : `${n} coins`);

function currentTurn(history: readonly HistoryEntry[], turn: number): HistoryEntry[] {
  let i = history.length;
  while (i > 0 && history[i - 1]?.turn === turn) i--;
  return history.slice(i).filter((h) => h.event !== 'turn_started');
}

type WhoFn = (seat: number | null | undefined) => string;

/** Names a seat from the point of view of `me` ("you (seat 2)", "seat 0 (sharp-bot)"). */
class Who {
  readonly fn: WhoFn;
  constructor(
    private readonly players: PromptInput['state']['players'],
    private readonly me: number,
  ) {
    this.fn = this.name.bind(this);
  }

  private name(seat: number | null | undefined): string {
    if (seat === null || seat === undefined) return 'nobody';
    if (seat === this.me) return `you (seat ${seat})`;
    const p = this.players[seat];
    return p ? `seat ${seat} (${p.name})` : `seat ${seat}`;
  }
}

/** What the pending action does, in words ("steal up to 2 coins from seat 2 (you)"). */
function actionWords(action: string, target: number | null | undefined, who: WhoFn): string {
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

function situation(req: PromptInput, who: WhoFn): string {
  const s = req.state;
  const p = s.pending;
  switch (req.phase) {
    case 'action': {
      const forced = (s.you?.coins ?? 0) >= 10 ? ' With 10 or more coins you must coup.' : '';
      return `choose your action.${forced}`;
    }
    case 'challenge_action':
      if (!p) return 'challenge or pass.';
      return (
        `${who(p.actor)} claims ${role(p.claim)} to ${actionWords(p.action, p.target, who)}. ` +
        `Challenge it (if ${who(p.actor)} holds no ${role(p.claim)} it loses a card, otherwise you do) or pass.`
      );
    case 'block':
      if (!p) return 'block or pass.';
      return `${who(p.actor)} wants to ${actionWords(p.action, p.target, who)}. Block it by claiming a role, or pass.`;
    case 'challenge_block':
      if (!p) return 'challenge the block or pass.';
      return (
        `${who(p.blocker)} blocks your ${p.action.replace('_', ' ')} claiming ${role(p.blockRole)}. ` +
        'Challenge the block or pass (then your action is blocked).'
      );
    case 'lose_influence':
      return 'you must lose an influence: choose one of your face-down cards to reveal.';
    case 'exchange_return':
      return 'choose 2 cards to return to the deck from your face-down cards (in slot order) followed by the drawn cards; you keep the others.';
    default:
      return 'the game is over.';
  }
}

function describeAction(a: Action, req: PromptInput, who: WhoFn): string {
  const d = a.data;
  switch (a.type) {
    case 'income':
      return 'income (+1 coin)';
    case 'foreign_aid':
      return 'foreign aid (+2 coins; anyone may block claiming Duke)';
    case 'coup':
      return `coup ${who(d?.target)} (pay 7; it loses a card)`;
    case 'tax':
      return 'tax (claim Duke; +3 coins)';
    case 'assassinate':
      return `assassinate ${who(d?.target)} (claim Assassin; pay 3; it loses a card)`;
    case 'steal':
      return `steal from ${who(d?.target)} (claim Captain; take up to 2 coins)`;
    case 'exchange':
      return 'exchange (claim Ambassador; draw 2, return 2)';
    case 'challenge': {
      const p = req.state.pending;
      if (req.phase === 'challenge_block' && p)
        return `challenge the ${role(p.blockRole)} block of ${who(p.blocker)}`;
      return p ? `challenge the ${role(p.claim)} claim of ${who(p.actor)}` : 'challenge';
    }
    case 'block':
      return `block claiming ${role(d?.role)}`;
    case 'pass':
      return 'pass';
    case 'lose_card': {
      const i = d?.card_index ?? -1;
      return `reveal your ${role(req.state.you?.cards[i]?.role)} (slot ${i})`;
    }
    case 'return_cards': {
      const you = req.state.you;
      const pool = [
        ...(you?.cards.filter((c) => !c.revealed).map((c) => c.role) ?? []),
        ...(you?.drawn ?? []),
      ];
      const back = d?.return_indices ?? [];
      const returned = back.map((i) => role(pool[i]));
      const kept = pool.flatMap((r, i) => (back.includes(i) ? [] : [role(r)]));
      return `return ${returned.join(' and ')}, keep ${kept.join(' and ') || 'nothing'}`;
    }
    default:
      return a.type;
  }
}

const OUTCOME: Record<string, string> = {
  done: 'succeeded',
  blocked: 'was blocked',
  cancelled: 'was cancelled',
  no_effect: 'had no effect',
};

function describeEvent(h: HistoryEntry, who: WhoFn): string {
  const e = h as HistoryEntry & Record<string, unknown>;
  const s = who(e.seat);
  switch (e.event) {
    case 'declared': {
      const claim = e.claim ? ` claiming ${role(e.claim)}` : '';
      return `${s} declared ${actionWords(String(e.action), e.target as number | null, who)}${claim}`;
    }
    case 'passed':
      return `${s} passed`;
    case 'challenged':
      return `${s} challenged ${who(e.challenged as number)} (${e.truthful ? 'it held' : 'it had no'} ${role(e.claim)})`;
    case 'card_shown': {
      const drew = e.replacement ? ` and drew ${role(e.replacement)}` : ' and drew a replacement';
      return `${s} showed ${role(e.role)}${drew}`;
    }
    case 'blocked':
      return `${s} blocked claiming ${role(e.role)}`;
    case 'influence_lost':
      return `${s} lost ${role(e.role)}`;
    case 'resolved':
      return `the ${String(e.action).replace('_', ' ')} of ${s} ${OUTCOME[String(e.outcome)] ?? e.outcome}`;
    case 'exchange_drawn':
      return `${s} drew ${e.count} cards${Array.isArray(e.roles) ? ` (${e.roles.map(role).join(', ')})` : ''}`;
    case 'exchange_returned':
      return `${s} returned ${e.count} cards${Array.isArray(e.returned) ? ` (${e.returned.map(role).join(', ')})` : ''}`;
    case 'forfeited':
      return `${s} forfeited`;
    case 'eliminated':
      return `${s} was eliminated`;
    default:
      return `${s} ${e.event}`;
  }
}
