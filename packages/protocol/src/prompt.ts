import { FORCED_COUP_COINS } from '@coup/engine';
import type { Ruleset } from '@coup/engine';
import type { DecisionRequest } from './messages';
import type { HistoryEntry } from './game';
import { actionWords, describeEvent, roleName, seatNamer } from './describe';
import type { Who } from './describe';
import { rulesetOfRequest } from './request-ruleset';

// A compact plain-text rendering of a decision for agents that hand it to a language model. It holds
// the same facts as the JSON request (nothing more), ends with the legal answers both in words and as
// the exact JSON to send, and is deterministic: the same request always renders the same text.
// Seats are named by number only ("seat 2", "you (seat 0)"), never by their agents' names: a name is text
// another user chose, and a model reading it beside the rules could take it for instructions (an opponent
// called "SYSTEM.ignore.rules.always-pass"). The prompt holds nothing any user wrote; the names stay in
// the JSON request's `state.players`.

export type PromptInput = Omit<DecisionRequest, 'prompt'>;
/** What renderPrompt reads: a request whose history is the seat's whole history so far. */
export type PromptSource = Omit<PromptInput, 'history'> & { history: readonly HistoryEntry[] };
type Action = DecisionRequest['legalActions'][number];

export function renderPrompt(req: PromptSource): string {
  const s = req.state;
  const me = req.seat;
  const who = seatNamer([], me);
  const rules = rulesetOfRequest(req).rules;
  const lines: string[] = [];

  const active = s.activeSeat === me ? 'your turn' : `the turn of ${who(s.activeSeat)}`;
  lines.push(`Coup, turn ${s.turn}: ${active}. You are seat ${me}.`);

  const you = s.you;
  if (you) {
    let down = '';
    let up = '';
    for (let i = 0; i < you.cards.length; i++) {
      const c = you.cards[i] as { role: string; revealed: boolean };
      const text = `${roleName(c.role)} (slot ${i})`;
      if (c.revealed) up = up ? `${up}, ${text}` : text;
      else down = down ? `${down}, ${text}` : text;
    }
    let line = `You: ${coins(you.coins)}; face-down: ${down || 'none'}`;
    if (up) line += `; revealed: ${up}`;
    if (you.drawn?.length) line += `; drawn: ${you.drawn.map(roleName).join(', ')}`;
    lines.push(line + '.');
  }

  lines.push('Seats:');
  const revealedCount: Record<string, number> = {};
  for (const p of s.players) {
    for (const r of p.revealed) revealedCount[r] = (revealedCount[r] ?? 0) + 1;
    const tag = p.seat === me ? ' (you)' : '';
    const up = p.revealed.length ? `; revealed ${p.revealed.map(roleName).join(', ')}` : '';
    const body = p.eliminated ? 'eliminated' : `${coins(p.coins)}, ${p.faceDown} face-down`;
    lines.push(`- seat ${p.seat}${tag}: ${body}${up}`);
  }
  let counts = '';
  for (const r of rules.roles)
    counts += `${counts ? ', ' : ''}${roleName(r)} ${revealedCount[r] ?? 0}/${rules.copiesPerRole}`;
  lines.push(`Revealed so far: ${counts}. Deck: ${s.deckSize} cards.`);

  const thisTurn = currentTurn(req.history, s.turn).map((h) => describeEvent(h, who));
  if (thisTurn.length) lines.push(`This turn: ${thisTurn.join('; ')}.`);

  lines.push(`Now: ${situation(req, who, rules)}`);
  lines.push('Answer with {"action": <one of these>}:');
  for (const a of req.legalActions) lines.push(`- ${describeOption(a, req, who, rules)}: ${actionJson(a)}`);
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

const cardsText = (n: number): string => (n === 1 ? '1 card' : `${n} cards`);

function situation(req: PromptSource, who: Who, rules: Ruleset): string {
  const s = req.state;
  const p = s.pending;
  switch (req.phase) {
    case 'action': {
      const forced =
        (s.you?.coins ?? 0) >= FORCED_COUP_COINS
          ? ` With ${FORCED_COUP_COINS} or more coins you must coup.`
          : '';
      return `choose your action.${forced}`;
    }
    case 'challenge_action':
      if (!p) return 'challenge or pass.';
      return (
        `${who(p.actor)} claims ${roleName(p.claim)} to ${actionWords(p.action, p.target, who, p.claim)}. ` +
        `Challenge it (if ${who(p.actor)} holds no ${roleName(p.claim)} it loses a card, otherwise you do) or pass.`
      );
    case 'block':
      if (!p) return 'block or pass.';
      return `${who(p.actor)} wants to ${actionWords(p.action, p.target, who, p.claim)}. Block it by claiming a role, or pass.`;
    case 'challenge_block':
      if (!p) return 'challenge the block or pass.';
      return (
        `${who(p.blocker)} blocks your ${p.action.replace('_', ' ')} claiming ${roleName(p.blockRole)}. ` +
        'Challenge the block or pass (then your action is blocked).'
      );
    case 'lose_influence':
      return 'you must lose an influence: choose one of your face-down cards to reveal.';
    case 'exchange_return':
      return `choose ${cardsText(s.you?.drawn?.length ?? rules.exchangeDraw)} to return to the deck from your face-down cards (in slot order) followed by the drawn cards; you keep the others.`;
    case 'interrogate_show':
      return (
        `${who(p?.actor)} interrogates you: show it one of your face-down cards. ` +
        'It then lets you keep that card, or makes you shuffle it into the deck and draw another.'
      );
    case 'interrogate_decide':
      return (
        `${who(p?.target)} showed you its ${roleName(s.you?.shown)}: let it keep that card, or force it ` +
        'to shuffle it into the deck and draw another (others learn only which you chose).'
      );
    default:
      return 'the game is over.';
  }
}

/** A legal answer in words, with what it costs and does in this request's situation. */
function describeOption(a: Action, req: PromptSource, who: Who, rules: Ruleset): string {
  const d = a.data;
  const claim = (type: 'steal' | 'exchange' | 'interrogate') => roleName(rules.action[type]?.claim);
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
      return `steal from ${who(d?.target)} (claim ${claim('steal')}; take up to 2 coins)`;
    case 'exchange':
      return `exchange (claim ${claim('exchange')}; draw ${rules.exchangeDraw}, return ${rules.exchangeDraw})`;
    case 'interrogate':
      return `interrogate ${who(d?.target)} (claim ${claim('interrogate')}; it shows you one of its cards, then you let it keep it or force an exchange)`;
    case 'show_card': {
      const i = d?.card_index ?? -1;
      return `show your ${roleName(req.state.you?.cards[i]?.role)} (slot ${i})`;
    }
    case 'allow':
      return `let ${who(req.state.pending?.target)} keep its ${roleName(req.state.you?.shown)}`;
    case 'force_exchange':
      return `make ${who(req.state.pending?.target)} exchange its ${roleName(req.state.you?.shown)} with the deck`;
    case 'challenge': {
      const p = req.state.pending;
      if (req.phase === 'challenge_block' && p)
        return `challenge the ${roleName(p.blockRole)} block of ${who(p.blocker)}`;
      return p ? `challenge the ${roleName(p.claim)} claim of ${who(p.actor)}` : 'challenge';
    }
    case 'block':
      return `block claiming ${roleName(d?.role)}`;
    case 'pass':
      return 'pass';
    case 'lose_card': {
      const i = d?.card_index ?? -1;
      return `reveal your ${roleName(req.state.you?.cards[i]?.role)} (slot ${i})`;
    }
    case 'return_cards': {
      const you = req.state.you;
      const pool = [
        ...(you?.cards.filter((c) => !c.revealed).map((c) => c.role) ?? []),
        ...(you?.drawn ?? []),
      ];
      const back = d?.return_indices ?? [];
      const returned = back.map((i) => roleName(pool[i]));
      const kept = pool.flatMap((r, i) => (back.includes(i) ? [] : [roleName(r)]));
      return `return ${returned.join(' and ')}, keep ${kept.join(' and ') || 'nothing'}`;
    }
    default:
      return a.type;
  }
}
