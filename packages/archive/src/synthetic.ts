import { randomBelow, seededRandom, shuffle, type Random } from '@coup/random';
import { TARGETED_ACTIONS } from './codes';
import type {
  ArchiveAction,
  ArchiveEvent,
  ArchivePlayerState,
  ArchiveRole,
  DecodedGame,
} from '@coup/archive-format';
import {
  ACTION_COST,
  actionsOf,
  blockRolesOf,
  claimOf,
  MUST_COUP_AT,
  rolesOf,
  targetBlocksOnly,
  type GameType,
} from './rules';

// A fast, seeded simulator of the archive server's rules that writes valid decoded games (grammar,
// snapshots and result consistent): random players with random bluffs, challenges, blocks and the odd
// player leaving. Tests use it for property tests and bad-input mutations, the bench for 600,000 games,
// and it is the only source of `inquisitors` games (our engine plays `original` only).

interface Sim {
  r: Random;
  gameType: GameType;
  deck: ArchiveRole[];
  players: ArchivePlayerState[];
  events: ArchiveEvent[];
  out: number[];
}

const chance = (s: Sim, p: number) => s.r() < p;
const alive = (s: Sim, p: number) => s.players[p]!.influence.some((c) => !c.revealed);
const living = (s: Sim) => s.players.flatMap((_, p) => (alive(s, p) ? [p] : []));
const snapshot = (s: Sim) =>
  s.players.map((p) => ({
    cash: p.cash,
    influence: p.influence.map((c) => ({ role: c.role, revealed: c.revealed })),
  }));

function pickOf<T>(s: Sim, list: readonly T[]): T {
  return list[randomBelow(s.r, list.length)]!;
}

/** Reveals one face-down card of p (its choice); records the elimination. */
function lose(s: Sim, p: number): void {
  const down = s.players[p]!.influence.filter((c) => !c.revealed);
  if (down.length === 0) return;
  pickOf(s, down).revealed = true;
  if (down.length === 1) s.out.push(p);
}

/** Shuffles a face-down card of p back and draws its replacement into the same slot. */
function replace(s: Sim, p: number, role: ArchiveRole): void {
  const card = s.players[p]!.influence.find((c) => !c.revealed && c.role === role);
  if (!card) return;
  s.deck.push(card.role);
  shuffle(s.deck, s.r);
  card.role = s.deck.pop()!;
}

function exchange(s: Sim, p: number, draws: number): void {
  const down = s.players[p]!.influence.filter((c) => !c.revealed);
  const pool = [...down.map((c) => c.role), ...s.deck.splice(0, draws)];
  shuffle(pool, s.r);
  down.forEach((c) => (c.role = pool.pop()!));
  s.deck.push(...pool);
  shuffle(s.deck, s.r);
}

/** A claim is challenged: records it, takes the influence; returns whether the claim stands. */
function challenge(s: Sim, challenger: number, claimant: number, role: ArchiveRole): boolean {
  const holds = s.players[claimant]!.influence.some((c) => !c.revealed && c.role === role);
  s.events.push({ type: holds ? 'CHALLENGE_FAIL' : 'CHALLENGE_SUCCESS', challenger, challenged: claimant });
  if (holds) {
    replace(s, claimant, role);
    lose(s, challenger);
  } else lose(s, claimant);
  return holds;
}

function chooseAction(s: Sim, a: number): { action: ArchiveAction; target?: number } {
  const cash = s.players[a]!.cash;
  const others = living(s).filter((p) => p !== a);
  const options = actionsOf(s.gameType).filter(
    (x) => cash >= ACTION_COST[x] && (cash < MUST_COUP_AT || x === 'coup'),
  );
  const action = pickOf(s, options);
  return TARGETED_ACTIONS.has(action) ? { action, target: pickOf(s, others) } : { action };
}

function resolve(s: Sim, a: number, action: ArchiveAction, target: number | undefined): void {
  const me = s.players[a]!;
  if (action === 'income') me.cash += 1;
  else if (action === 'foreign-aid') me.cash += 2;
  else if (action === 'tax') me.cash += 3;
  else if (action === 'exchange') exchange(s, a, s.gameType === 'original' ? 2 : 1);
  else if (target !== undefined && alive(s, target)) {
    const them = s.players[target]!;
    if (action === 'steal') {
      const taken = Math.min(2, them.cash);
      them.cash -= taken;
      me.cash += taken;
    } else if (action === 'coup' || action === 'assassinate') lose(s, target);
    else if (action === 'interrogate' && chance(s, 0.5)) exchange(s, target, 1);
  }
}

function playTurn(s: Sim, a: number): void {
  s.events.push({ type: 'START_OF_TURN', whoseTurn: a, playerStates: snapshot(s) });
  const { action, target } = chooseAction(s, a);
  s.events.push(target === undefined ? { type: 'ACTION', action } : { type: 'ACTION', action, target });
  s.players[a]!.cash -= ACTION_COST[action];
  const claim = claimOf(action, s.gameType);
  const over = () => living(s).length <= 1;
  let resolves = true;
  if (claim && chance(s, 0.25)) {
    resolves = challenge(
      s,
      pickOf(
        s,
        living(s).filter((p) => p !== a),
      ),
      a,
      claim,
    );
    if (over()) return;
  }
  const roles = blockRolesOf(action, s.gameType);
  if (resolves && roles.length > 0 && chance(s, 0.3)) {
    const candidates = targetBlocksOnly(action) ? [target!] : living(s).filter((p) => p !== a);
    const blocker = pickOf(s, candidates);
    if (alive(s, blocker)) {
      const role = pickOf(s, roles);
      s.events.push({ type: 'BLOCK', blockingPlayer: blocker, blockingRole: role });
      resolves = chance(s, 0.4) && !challenge(s, a, blocker, role);
      if (over()) return;
    }
  }
  if (resolves && alive(s, a)) resolve(s, a, action, target);
  if (!over() && chance(s, 0.02)) {
    const p = pickOf(s, living(s));
    s.events.push({ type: 'PLAYER_LEFT', player: p });
    s.players[p]!.influence.forEach((c) => (c.revealed = true));
    s.out.push(p);
  }
}

export interface SyntheticOptions {
  gameType?: GameType;
  playerCount?: number;
}

/** One valid decoded game from a seed; `index` makes its id. */
export function syntheticGame(seed: string | number, opts: SyntheticOptions = {}): DecodedGame {
  const r = seededRandom(seed);
  const gameType = opts.gameType ?? (r() < 0.8 ? 'original' : 'inquisitors');
  const n = opts.playerCount ?? 2 + randomBelow(r, 5);
  const deck = rolesOf(gameType).flatMap((role) => [role, role, role]);
  shuffle(deck, r);
  const players = Array.from({ length: n }, () => ({
    cash: 2,
    influence: deck.splice(0, 2).map((role) => ({ role, revealed: false })),
  }));
  const s: Sim = { r, gameType, deck, players, events: [], out: [] };
  let a = randomBelow(r, n);
  for (let turn = 0; living(s).length > 1; turn++) {
    if (turn >= 400) {
      // Safety net (never met in practice: coins grow until coups are forced): everyone else leaves.
      for (const p of living(s).slice(1)) {
        s.events.push({ type: 'PLAYER_LEFT', player: p });
        s.players[p]!.influence.forEach((c) => (c.revealed = true));
        s.out.push(p);
      }
      break;
    }
    playTurn(s, a);
    a = living(s).find((p) => p > a) ?? living(s)[0]!;
  }
  const winner = living(s)[0]!;
  s.events.push({ type: 'GAME_OVER', playerStates: snapshot(s) });
  return {
    gameId: `synthetic-${seed}`,
    gameType,
    playerCount: n,
    playerIds: Array.from({ length: n }, (_, p) =>
      randomBelow(r, 4) === 0 ? 'ai' : `player-${randomBelow(r, 1e9)}-${p}`,
    ),
    winner,
    playerRank: [winner, ...[...s.out].reverse()],
    events: s.events,
  };
}
