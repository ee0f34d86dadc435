import { Draft } from './draft';
import { rulesetOf } from './rulesets';
import { answerWindow, challenge, declare, loseCard, returnCards, takeLosses } from './flow';
import { pendingList } from './legal';
import { isPending } from './pending';
import { isSeat } from './seats';
import type {
  Action,
  ActionData,
  ApplyResult,
  EngineError,
  GameState,
  PendingAction,
  Role,
  AnyTurnActionType,
} from './types';

const fail = (code: EngineError['code'], message: string): ApplyResult => ({
  ok: false,
  error: { code, message },
});

const DATA_KEYS = ['target', 'role', 'card_index', 'return_indices'] as const;

function sameData(legal: ActionData | undefined, given: unknown): boolean {
  if (given === undefined || given === null) return legal === undefined;
  if (typeof given !== 'object' || Array.isArray(given)) return false;
  const g = given as Record<string, unknown>;
  let givenKeys = 0;
  for (const k in g) if (Object.prototype.hasOwnProperty.call(g, k)) givenKeys++;
  if (legal === undefined) return givenKeys === 0; // `"data": {}` means no data
  let legalKeys = 0;
  for (const k of DATA_KEYS) {
    const want = legal[k];
    if (want === undefined) continue;
    legalKeys++;
    const got = g[k];
    if (Array.isArray(want)) {
      if (!Array.isArray(got) || got.length !== want.length) return false;
      for (let i = 0; i < want.length; i++) if (got[i] !== want[i]) return false;
    } else if (got !== want) return false;
  }
  return legalKeys === givenKeys;
}

/** The legal action equal to `given` (same type and data; other keys ignored), or null. */
export function matchLegal(list: readonly Action[], given: unknown): Action | null {
  if (typeof given !== 'object' || given === null) return null;
  const g = given as { type?: unknown; data?: unknown };
  const type = g.type;
  if (typeof type !== 'string') return null;
  for (const a of list) if (a.type === type && sameData(a.data, g.data)) return a;
  return null;
}

/**
 * Applies one seat's decision. Never throws and never modifies `s`: an illegal input returns
 * `{ ok: false, error }` and the caller keeps the old state.
 */
export function applyAction(s: GameState, seat: number, a: Action): ApplyResult {
  try {
    if (s.phase === 'game_over') return fail('game_over', 'the game is over');
    if (!isSeat(s, seat))
      return fail('invalid_seat', `seat must be an integer from 0 to ${s.players.length - 1}`);
    if (!isPending(s, seat))
      return fail('not_pending', `seat ${seat} has nothing to decide now (${s.phase})`);
    const type = typeof a === 'object' && a !== null ? (a as { type?: unknown }).type : undefined;
    if (typeof type !== 'string')
      return fail('invalid_action', 'an action is an object with a string "type"');
    const list = pendingList(s, seat);
    // An action taken from legalActions is one of the list's own objects: found by identity, no compare.
    const legal = list.indexOf(a) >= 0 ? a : matchLegal(list, a);
    if (!legal) {
      const options = list.map((x) => (x.data ? `${x.type} ${JSON.stringify(x.data)}` : x.type)).join(', ');
      return fail(
        'illegal_action',
        `${describe(a)} is not legal for seat ${seat} in ${s.phase}; legal: ${options}`,
      );
    }
    const d = new Draft(s, rulesetOf(s));
    step(d, seat, legal);
    return { ok: true, state: d.s, events: d.events };
  } catch (err) {
    // Only reachable through hostile input (getters that throw, proxies); the state is untouched.
    return fail('invalid_action', `unreadable action: ${err instanceof Error ? err.message : String(err)}`);
  }
}

function describe(a: unknown): string {
  try {
    return JSON.stringify(a)?.slice(0, 200) ?? String(a);
  } catch {
    return 'the action';
  }
}

function step(d: Draft, seat: number, a: Action): void {
  const s = d.s;
  switch (s.phase) {
    case 'action':
      return declare(d, seat, a.type as AnyTurnActionType, a.data?.target ?? null);
    case 'challenge_action':
      return answerWindow(d, seat, a.type === 'challenge' ? 'challenge' : 'pass');
    case 'block':
      return answerWindow(d, seat, a.type === 'block' ? (a.data?.role as Role) : 'pass');
    case 'challenge_block': {
      const p = s.pending as PendingAction;
      if (a.type === 'challenge')
        return challenge(d, seat, p.blocker as number, p.blockRole as Role, 'block');
      d.emit({ type: 'passed', turn: s.turn, seat, phase: 'challenge_block' });
      s.after = 'blocked';
      return takeLosses(d);
    }
    case 'lose_influence':
      return loseCard(d, seat, a.data?.card_index as number);
    case 'exchange_return':
      return returnCards(d, seat, a.data?.return_indices as number[]);
    default:
      // A phase a ruleset's action brings (legalList found the answer in its rule's list).
      return d.rules.phase[s.phase]?.apply(d, seat, a);
  }
}
