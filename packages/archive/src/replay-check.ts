import type { GameState } from '@coup/engine';
import type { DecodedGame, RuleDifference } from '@coup/archive-format';
import { parseTurns, type ArchiveTurn } from './grammar';
import { Disagreement, playTurn } from './replay-turn';

// Re-plays an `original` game through our engine, turn by turn (replay-turn.ts), and says where the two
// rule sets part ways. Each turn starts from the archive's own START_OF_TURN snapshot, so what the archive
// does not record (the deck order, the cards an exchange drew, a proven card's replacement) never spreads
// to later turns, and must end with the next snapshot's coins (living players), face-down counts and next
// player. A turn that does not is explained, where it can be, by a known difference between their rules
// and ours (rule-differences.ts): the difference's effect, applied to our engine's outcome, gives the
// archive's exactly. The game is then `rules_differ` (with the differences by name); a turn no known
// difference explains makes it `disagreed` (a record neither rule set explains). Never throws.

export type ReplayCheck =
  | { status: 'agreed' }
  | { status: 'rules_differ'; differences: RuleDifference[]; note: string }
  | { status: 'disagreed'; note: string; differences: RuleDifference[] }
  | { status: 'not_replayed'; note: string };

/** A turn's end as numbers: coins and face-down cards per seat, whether the game is over, who plays next. */
interface Outcome {
  coins: number[];
  down: number[];
  over: boolean;
  next: number | null;
}

function outcomeOf(s: GameState): Outcome {
  return {
    coins: s.players.map((p) => p.coins),
    down: s.players.map((p) => p.cards.filter((c) => !c.revealed).length),
    over: s.phase === 'game_over',
    next: s.phase === 'game_over' ? null : s.activeSeat,
  };
}

/** Whether our engine's end state is the archive's next snapshot (the common case: no allocation). */
function agrees(s: GameState, t: ArchiveTurn): boolean {
  const N = t.next.playerStates;
  for (let p = 0; p < N.length; p++) {
    const ours = s.players[p]!;
    let down = 0;
    for (const c of N[p]!.influence) if (!c.revealed) down++;
    let ourDown = 0;
    for (const c of ours.cards) if (!c.revealed) ourDown++;
    if (ourDown !== down || (down > 0 && ours.coins !== N[p]!.cash)) return false;
  }
  if (t.next.type === 'GAME_OVER') return s.phase === 'game_over';
  return s.phase !== 'game_over' && s.activeSeat === t.next.whoseTurn;
}

/** The first way our outcome differs from the archive's next snapshot, or null. */
function mismatch(o: Outcome, t: ArchiveTurn): string | null {
  const N = t.next.playerStates;
  for (let p = 0; p < N.length; p++) {
    let down = 0;
    for (const c of N[p]!.influence) if (!c.revealed) down++;
    if (o.down[p] !== down)
      return `seat ${p} keeps ${o.down[p]} face-down cards here, ${down} in the archive`;
    if (down > 0 && o.coins[p] !== N[p]!.cash)
      return `seat ${p} has ${o.coins[p]} coins here, ${N[p]!.cash} in the archive`;
  }
  if (t.next.type === 'GAME_OVER' && !o.over) return 'the archive ends the game here, ours goes on';
  if (t.next.type === 'START_OF_TURN') {
    if (o.over) return 'our game ends here, the archive goes on';
    if (o.next !== t.next.whoseTurn)
      return `seat ${o.next} plays next here, seat ${t.next.whoseTurn} in the archive`;
  }
  return null;
}

/** Whether the game is over and who plays next, from the face-down cards (after a correction). */
function settle(o: Outcome, actor: number): Outcome {
  const n = o.down.length;
  const alive = o.down.filter((d) => d > 0).length;
  let next: number | null = null;
  for (let k = 1; k <= n && alive > 1; k++)
    if (o.down[(actor + k) % n]! > 0) {
      next = (actor + k) % n;
      break;
    }
  return { ...o, over: alive <= 1, next };
}

type Correction = (o: Outcome) => Outcome;

/** What the action does to coins and cards when it resolves (sign -1 undoes it). */
function resolution(t: ArchiveTurn, sign: 1 | -1): Correction {
  return (o) => {
    const coins = [...o.coins];
    const down = [...o.down];
    const a = t.start.whoseTurn;
    const { action, target } = t.action!;
    const gain = { income: 1, 'foreign-aid': 2, tax: 3 }[action as string];
    if (gain !== undefined) coins[a]! += sign * gain;
    else if (action === 'steal' && target !== undefined) {
      const taken = Math.min(2, t.start.playerStates[target]!.cash);
      coins[a]! += sign * taken;
      coins[target]! -= sign * taken;
    } else if ((action === 'coup' || action === 'assassinate') && target !== undefined)
      down[target] = Math.max(0, Math.min(2, down[target]! - sign));
    return { ...o, coins, down };
  };
}

/** The known differences that could be at work in this turn, each with the ways it changes our outcome. */
function candidates(t: ArchiveTurn): [RuleDifference, Correction[]][] {
  const out: [RuleDifference, Correction[]][] = [];
  const action = t.action;
  if (!action) return out;
  const a = t.start.whoseTurn;
  const cancelled = !!t.actionChallenge?.success;
  const blocked = !!t.block && !t.blockChallenge?.success;
  const downAfter = (p: number) => t.next.playerStates[p]!.influence.filter((c) => !c.revealed).length;
  if (action.action === 'assassinate' && cancelled)
    out.push([
      'assassination_refund',
      [(o) => ({ ...o, coins: o.coins.map((c, p) => (p === a ? c + 3 : c)) })],
    ]);
  if (!cancelled && !blocked && t.next.type === 'GAME_OVER')
    out.push(['action_after_game_over', [resolution(t, 1)]]);
  if (
    action.action === 'steal' &&
    !cancelled &&
    !blocked &&
    action.target !== undefined &&
    downAfter(action.target) === 0
  ) {
    const taken = Math.min(2, t.start.playerStates[action.target]!.cash);
    out.push([
      'steal_from_eliminated',
      [(o) => ({ ...o, coins: o.coins.map((c, p) => (p === a ? c + taken : c)) })],
    ]);
  }
  if (t.left.some((l) => l.at !== 'before_action') || t.next.type === 'GAME_OVER') {
    const last = t.blockChallenge ?? t.actionChallenge;
    const loser = last ? (last.success ? last.challenged : last.challenger) : undefined;
    const keepCard: Correction = (o) =>
      loser === undefined
        ? o
        : { ...o, down: o.down.map((d, p) => (p === loser && downAfter(p) > 0 ? d + 1 : d)) };
    const undo = resolution(t, -1);
    out.push(['leaver_ends_turn', [undo, keepCard, (o) => undo(keepCard(o))]]);
  }
  return out;
}

/** Subsets of the candidates with one correction each, smallest first. */
function* combinations(c: [RuleDifference, Correction[]][]): Generator<[RuleDifference[], Correction]> {
  for (let size = 1; size <= c.length; size++) {
    const pick = (from: number, left: number): [RuleDifference[], Correction][] => {
      if (left === 0) return [[[], (o) => o]];
      const out: [RuleDifference[], Correction][] = [];
      for (let k = from; k <= c.length - left; k++)
        for (const fix of c[k]![1])
          for (const [names, rest] of pick(k + 1, left - 1))
            out.push([[c[k]![0], ...names], (o) => rest(fix(o))]);
      return out;
    };
    yield* pick(0, size);
  }
}

/** Re-plays one turn: null when it agrees, the differences that explain it, or a Disagreement. */
function checkTurn(t: ArchiveTurn): RuleDifference[] | null {
  if (t.blockChallenge && t.blockChallenge.challenger !== t.start.whoseTurn)
    return ['block_challenged_by_other_seat'];
  const ends: GameState[] = [];
  let refusal: Disagreement | null = null;
  // Leavers after the action: where the archive puts them, and if that does not agree, once the turn's
  // decisions are done (the archive says between which events they left, not against the hidden steps).
  for (const late of t.left.some((l) => l.at !== 'before_action') ? [false, true] : [false]) {
    try {
      const end = playTurn(t, late);
      if (agrees(end, t)) return null;
      ends.push(end);
    } catch (err) {
      if (!(err instanceof Disagreement)) throw err;
      refusal ??= err;
    }
  }
  if (ends.length === 0) throw refusal!;
  const options = candidates(t);
  for (const [names, fix] of combinations(options))
    for (const end of ends)
      if (mismatch(settle(fix(outcomeOf(end)), t.start.whoseTurn), t) === null) return names;
  throw new Disagreement(mismatch(outcomeOf(ends[0]!), t)!);
}

/** The game-wide differences: their server's 2-player deal since late 2017. */
function dealDifferences(game: DecodedGame, first: ArchiveTurn | undefined): RuleDifference[] {
  if (game.playerCount !== 2 || !first) return [];
  const a = first.start.whoseTurn;
  const cash = first.start.playerStates.map((s) => s.cash);
  return cash[a] === 1 && cash[1 - a] === 2 ? ['two_player_first_coin'] : [];
}

/** Re-plays a checked game (checkGame ok) through our engine. Never throws. */
export function replayCheck(game: DecodedGame): ReplayCheck {
  if (game.gameType !== 'original')
    return { status: 'not_replayed', note: `${game.gameType} games use other rules (not re-played)` };
  const parsed = parseTurns(game.events);
  if (!parsed.ok) return { status: 'not_replayed', note: parsed.detail };
  const turns = parsed.game.turns;
  const differences = new Set<RuleDifference>(dealDifferences(game, turns[0]));
  const notes: string[] = [];
  if (differences.size > 0) notes.push('start: two_player_first_coin');
  let k = 0;
  try {
    for (const t of turns) {
      k = t.index;
      const found = checkTurn(t);
      if (!found) continue;
      const fresh = found.filter((d) => !differences.has(d));
      found.forEach((d) => differences.add(d));
      if (fresh.length > 0) notes.push(`turn at event ${k}: ${fresh.join(', ')}`);
    }
  } catch (err) {
    const at = `turn at event ${k}`;
    const why =
      err instanceof Disagreement
        ? err.message
        : `cannot be set up in our engine (${err instanceof Error ? err.message : String(err)})`;
    return { status: 'disagreed', note: `${at}: ${why}`, differences: [...differences] };
  }
  if (differences.size === 0) return { status: 'agreed' };
  return { status: 'rules_differ', differences: [...differences], note: notes.join('; ') };
}
