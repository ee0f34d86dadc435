import { claimedRole } from '@coup/archive-format';
import type { ArchiveAction, ArchiveRole, DecodedGame } from '@coup/archive-format';
import { gameBuilder } from './game-builder';

// Random games for tests and benchmarks: players take random affordable actions, sometimes challenged or
// blocked, until one player stands. Not a strategy, only plausible streams with every kind of event. The
// same seed gives the same game.

function rng(seed: number) {
  // Seeds are small numbers: mix them first, so the first draws are not small too.
  let s = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) >>> 0 || 1;
  return () => {
    // xorshift32
    s ^= s << 13;
    s >>>= 0;
    s ^= s >>> 17;
    s ^= s << 5;
    s >>>= 0;
    return s / 2 ** 32;
  };
}

export interface RandomGameOptions {
  playerCount?: number;
  gameType?: DecodedGame['gameType'];
  /** Seats played by "ai". */
  aiSeats?: number[];
  gameId?: string | number;
}

export function randomGame(seed: number, o: RandomGameOptions = {}): DecodedGame {
  const r = rng(seed);
  const n = o.playerCount ?? 2 + Math.floor(r() * 5);
  const gameType = o.gameType ?? 'original';
  const roles: ArchiveRole[] = [
    'duke',
    'captain',
    'assassin',
    gameType === 'inquisitors' ? 'inquisitor' : 'ambassador',
    'contessa',
  ];
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const players = Array.from({ length: n }, (_, p) => ({
    id: o.aiSeats?.includes(p) ? 'ai' : `player${p}`,
    cards: [pick(roles), pick(roles)] as [ArchiveRole, ArchiveRole],
  }));
  const b = gameBuilder(players, { gameType, gameId: o.gameId ?? seed });
  // The builder's own view of the game, mirrored here from what each turn did.
  const cash = players.map(() => 2);
  const lives = players.map(() => 2);
  const alive = (p: number) => (lives[p] ?? 0) > 0;
  let actor = Math.floor(r() * n);
  for (let turns = 0; turns < 200 && lives.filter((l) => l > 0).length > 1; turns++) {
    const others = players.map((_, p) => p).filter((p) => p !== actor && alive(p));
    const target = pick(others);
    const me = cash[actor]!;
    const options: ArchiveAction[] =
      me >= 10
        ? ['coup']
        : [
            'income',
            'foreign-aid',
            'tax',
            'steal',
            'exchange',
            ...(me >= 3 ? (['assassinate'] as const) : []),
            ...(me >= 7 ? (['coup'] as const) : []),
            ...(gameType === 'inquisitors' ? (['interrogate'] as const) : []),
          ];
    const action = pick(options);
    const targeted = ['steal', 'assassinate', 'coup', 'interrogate'].includes(action);
    const spec: Parameters<typeof b.turn>[2] = targeted ? { target } : {};
    let happens = true;
    if (action === 'assassinate') cash[actor]! -= 3;
    if (action === 'coup') cash[actor]! -= 7;
    if (claimedRole(action, gameType) && r() < 0.2) {
      const by = pick(others);
      const success = r() < 0.4;
      spec.challenge = { by, success };
      lives[success ? actor : by]!--;
      happens = !success;
    }
    const blocker = action === 'foreign-aid' ? pick(others) : target;
    const blockRole: Partial<Record<ArchiveAction, ArchiveRole>> = {
      'foreign-aid': 'duke',
      steal: 'captain',
      assassinate: 'contessa',
    };
    const role = blockRole[action];
    if (happens && role && alive(blocker) && r() < 0.3) {
      const challenged = r() < 0.3;
      const success = challenged && r() < 0.5;
      spec.block = { by: blocker, role, ...(challenged ? { challenge: { success } } : {}) };
      if (challenged) lives[success ? blocker : actor]!--;
      happens = success;
    }
    if (happens) {
      if (action === 'income') cash[actor]! += 1;
      if (action === 'foreign-aid') cash[actor]! += 2;
      if (action === 'tax') cash[actor]! += 3;
      if (action === 'steal') {
        const k = Math.min(2, cash[target]!);
        cash[target]! -= k;
        cash[actor]! += k;
      }
      if ((action === 'assassinate' || action === 'coup') && alive(target)) lives[target]!--;
    }
    b.turn(actor, action, spec);
    do actor = (actor + 1) % n;
    while (!alive(actor) && lives.some((l, p) => l > 0 && p !== actor));
  }
  return b.end();
}
