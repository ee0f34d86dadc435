import type { Role } from '@coup/engine';
import type { DecisionRequest, HistoryEntry } from '@coup/protocol';
import { HistoryMemory } from '@coup/protocol';
import { answer, remembering, find, findBlock, findTargeted, passOrFirst, targetsOf } from './actions';
import { BASE_VALUE, chooseLoss, chooseReturn } from './cards';
import { player, readTable, holds } from './table';
import type { Table } from './table';
import type { Bot, BotOptions, LegalAction } from './types';

/**
 * Never bluffs: it claims only roles it holds face-down and blocks only with a role it holds. It challenges
 * only claims that the cards it can see prove false. Fully deterministic: it needs no randomness.
 */
export function honestBot(_opts: BotOptions = {}): Bot {
  // Per match, the seats that have blocked with a duke, kept up to date from each request's new events.
  const memory = new HistoryMemory<Set<number>>(() => new Set(), noteDukeBlock);
  return {
    name: 'honest',
    decide(req) {
      const known = memory.recall(req);
      return remembering(answer(honestAction(req, known.state)), known.complete);
    },
  };
}

function noteDukeBlock(blockers: Set<number>, e: HistoryEntry): void {
  if (e.event === 'blocked' && (e as Record<string, unknown>).role === 'duke' && typeof e.seat === 'number')
    blockers.add(e.seat);
}

/** `dukeBlockers`: seats that blocked with a duke so far (a bot's memory); default: from `req.history`. */
export function honestAction(req: DecisionRequest, dukeBlockers?: ReadonlySet<number>): LegalAction {
  const t = readTable(req);
  switch (req.phase) {
    case 'action': {
      let blockers = dukeBlockers;
      if (!blockers) {
        const found = new Set<number>();
        for (const e of req.history) noteDukeBlock(found, e);
        blockers = found;
      }
      return turn(req, t, blockers);
    }
    case 'challenge_action':
    case 'challenge_block': {
      const claim =
        req.phase === 'challenge_action' ? req.state.pending?.claim : req.state.pending?.blockRole;
      // Proven false: the 3 copies are all revealed or in my own hand.
      const proven = claim ? t.unseen[claim] === 0 : false;
      return (proven ? find(req, 'challenge') : undefined) ?? passOrFirst(req);
    }
    case 'block':
      return block(req, t);
    case 'lose_influence':
      return chooseLoss(req, (r) => BASE_VALUE[r]);
    case 'exchange_return':
      return chooseReturn(req, t, (r) => BASE_VALUE[r]);
    default:
      return passOrFirst(req);
  }
}

function block(req: DecisionRequest, t: Table): LegalAction {
  const roles: Role[] =
    req.state.pending?.action === 'foreign_aid'
      ? ['duke']
      : req.state.pending?.action === 'steal'
        ? ['captain', 'ambassador']
        : req.state.pending?.action === 'assassinate'
          ? ['contessa']
          : [];
  for (const r of roles) {
    const a = holds(t, r) ? findBlock(req, r) : undefined;
    if (a) return a;
  }
  return passOrFirst(req);
}

/** The richest opponent among `targets`, then the one with more cards, then the lowest seat. */
function richest(t: Table, targets: number[]): number | undefined {
  let best: number | undefined;
  let key = -Infinity;
  for (const s of targets) {
    const p = player(t, s);
    const k = (p?.coins ?? 0) * 10 + (p?.faceDown ?? 0);
    if (k > key) {
      key = k;
      best = s;
    }
  }
  return best;
}

function turn(req: DecisionRequest, t: Table, dukeBlockers: ReadonlySet<number>): LegalAction {
  const coupTarget = richest(t, targetsOf(req, 'coup'));
  if (coupTarget !== undefined) {
    const coup = findTargeted(req, 'coup', coupTarget);
    if (coup) return coup;
  }
  if (holds(t, 'assassin')) {
    const target = richest(t, targetsOf(req, 'assassinate'));
    const a = target !== undefined ? findTargeted(req, 'assassinate', target) : undefined;
    if (a) return a;
  }
  if (holds(t, 'duke')) {
    const a = find(req, 'tax');
    if (a) return a;
  }
  if (holds(t, 'captain')) {
    const victims = targetsOf(req, 'steal').filter((s) => (player(t, s)?.coins ?? 0) >= 2);
    const target = richest(t, victims);
    const a = target !== undefined ? findTargeted(req, 'steal', target) : undefined;
    if (a) return a;
  }
  if (holds(t, 'ambassador')) {
    const a = find(req, 'exchange');
    if (a) return a;
  }
  // Foreign aid, unless a living opponent has already blocked it with a duke.
  const dukeBlocked = t.opponents.some((o) => dukeBlockers.has(o.seat));
  return (dukeBlocked ? find(req, 'income') : find(req, 'foreign_aid')) ?? passOrFirst(req);
}
