import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkGame } from './check';
import { decodedGame } from '@coup/archive-format';
import type { ArchiveEvent, DecodedGame } from '@coup/archive-format';
import { packEvents, toCompactGame } from './pack';
import { replayCheck } from './replay-check';
import { syntheticGame } from './synthetic';
import { fromCompactGame, unpackEvents } from './unpack';

const clone = (g: DecodedGame): DecodedGame => structuredClone(g);

/** The first synthetic game (from seed `tag:k`) that has an event matching `pred`. */
function gameWith(tag: string, pred: (e: ArchiveEvent, g: DecodedGame) => boolean, opts = {}): DecodedGame {
  for (let k = 0; k < 2000; k++) {
    const g = syntheticGame(`${tag}:${k}`, opts);
    if (g.events.some((e) => pred(e, g))) return g;
  }
  throw new Error(`no synthetic game with ${tag}`);
}

const idx = (g: DecodedGame, pred: (e: ArchiveEvent) => boolean) => g.events.findIndex(pred);

describe('checkGame', () => {
  it('accepts every synthetic game, both game types, and they round-trip through the packed form', () => {
    fc.assert(
      fc.property(
        fc.integer(),
        fc.constantFrom('original', 'inquisitors' as const),
        fc.integer({ min: 2, max: 6 }),
        (seed, gameType, n) => {
          const g = syntheticGame(seed, { gameType, playerCount: n });
          expect(decodedGame.parse(g)).toEqual(g);
          expect(checkGame(g)).toEqual({ ok: true });
          expect(unpackEvents(packEvents(g.events), n, gameType)).toEqual({ ok: true, events: g.events });
          expect(fromCompactGame(toCompactGame(g))).toEqual({ ok: true, game: g });
        },
      ),
      { numRuns: 300 },
    );
  });

  const bad: [string, () => DecodedGame][] = [
    ['bad_players', () => ({ ...syntheticGame(1), playerIds: ['x'] })],
    [
      'bad_sequence',
      () => {
        const g = syntheticGame(2);
        g.events.splice(1, 1); // the first ACTION
        g.events.splice(1, 0, { type: 'BLOCK', blockingPlayer: 0, blockingRole: 'duke' });
        return g;
      },
    ],
    [
      'turn_without_action',
      () => {
        const alone = (e: ArchiveEvent, g: DecodedGame) =>
          e.type === 'ACTION' && g.events[g.events.indexOf(e) + 1]?.type === 'START_OF_TURN';
        const g = gameWith('twa', alone);
        g.events.splice(
          idx(g, (e) => alone(e, g)),
          1,
        );
        return g;
      },
    ],
    [
      'bad_sequence',
      () => {
        const g = syntheticGame(4);
        g.events.pop();
        return g;
      },
    ],
    [
      'player_out_of_range',
      () => {
        const g = syntheticGame(5, { playerCount: 3 });
        g.events.splice(2, 0, { type: 'PLAYER_LEFT', player: 3 });
        return g;
      },
    ],
    [
      'bad_player_states',
      () => {
        const g = syntheticGame(6);
        (g.events[0] as { playerStates: unknown[] }).playerStates.pop();
        return g;
      },
    ],
    [
      'bad_roles',
      () => {
        const g = syntheticGame(7, { gameType: 'original' });
        (
          g.events[0] as Extract<ArchiveEvent, { type: 'START_OF_TURN' }>
        ).playerStates[0]!.influence[0]!.role = 'inquisitor';
        return g;
      },
    ],
    [
      'bad_turn',
      () => {
        const g = syntheticGame(8, { playerCount: 4 });
        const s = g.events.filter((e) => e.type === 'START_OF_TURN')[1] as Extract<
          ArchiveEvent,
          { type: 'START_OF_TURN' }
        >;
        s.whoseTurn = (s.whoseTurn + 1) % 4;
        return g;
      },
    ],
    [
      'illegal_action',
      () => {
        const g = gameWith('coup', (e) => e.type === 'ACTION' && e.action === 'income');
        const i = idx(g, (e) => e.type === 'ACTION' && e.action === 'income');
        g.events[i] = { type: 'ACTION', action: 'coup', target: 0 };
        return g;
      },
    ],
    [
      'bad_block',
      () => {
        const g = gameWith('blk', (e) => e.type === 'BLOCK');
        const b = g.events[idx(g, (e) => e.type === 'BLOCK')] as Extract<ArchiveEvent, { type: 'BLOCK' }>;
        b.blockingRole = b.blockingRole === 'contessa' ? 'duke' : 'contessa';
        return g;
      },
    ],
    [
      'bad_challenge',
      () => {
        const g = gameWith('ch', (e) => e.type === 'ACTION' && e.action === 'income');
        g.events.splice(idx(g, (e) => e.type === 'ACTION' && e.action === 'income') + 1, 0, {
          type: 'CHALLENGE_FAIL',
          challenger: 0,
          challenged: 1,
        });
        return g;
      },
    ],
    [
      'challenge_mismatch',
      () => {
        const g = gameWith(
          'cm',
          (e, g) => e.type === 'CHALLENGE_FAIL' && g.events[g.events.indexOf(e) - 1]?.type === 'ACTION',
        );
        const i = idx(
          g,
          (e) => e.type === 'CHALLENGE_FAIL' && g.events[g.events.indexOf(e) - 1]?.type === 'ACTION',
        );
        g.events[i] = {
          ...(g.events[i] as Extract<ArchiveEvent, { type: 'CHALLENGE_FAIL' }>),
          type: 'CHALLENGE_SUCCESS',
        };
        return g;
      },
    ],
    [
      'cash_mismatch',
      () => {
        const g = syntheticGame(9);
        const later = g.events.filter((e) => e.type === 'START_OF_TURN')[1] as Extract<
          ArchiveEvent,
          { type: 'START_OF_TURN' }
        >;
        later.playerStates[0]!.cash += 1;
        return g;
      },
    ],
    [
      'card_mismatch',
      () => {
        const g = syntheticGame(10, { playerCount: 3 });
        const snaps = g.events.filter((e) => e.type === 'START_OF_TURN') as Extract<
          ArchiveEvent,
          { type: 'START_OF_TURN' }
        >[];
        // Every later snapshot: player 0's first card flips to another face-down role (no event explains it).
        const role = snaps[0]!.playerStates[0]!.influence[0]!;
        if (role.revealed) throw new Error('unexpected');
        for (const s of snaps.slice(1)) {
          const c = s.playerStates[0]!.influence[0]!;
          c.role = c.role === 'duke' ? 'contessa' : 'duke';
        }
        return g;
      },
    ],
    [
      'influence_mismatch',
      () => {
        const g = gameWith('im', (e) => e.type === 'ACTION' && e.action === 'income', { playerCount: 2 });
        const i = idx(g, (e) => e.type === 'ACTION' && e.action === 'income');
        const next = g.events.slice(i).find((e) => e.type === 'START_OF_TURN' || e.type === 'GAME_OVER')!;
        const down = next.playerStates.flatMap((s) => s.influence).find((c) => !c.revealed)!;
        down.revealed = true;
        return g;
      },
    ],
    ['bad_result', () => ({ ...syntheticGame(11, { playerCount: 3 }), winner: 9 })],
  ];

  it.each(bad)('names a %s game', (reason, make) => {
    const r = checkGame(make());
    expect(r).toMatchObject({ ok: false, reason });
  });

  it('never throws on mutated games (checker and engine re-play)', () => {
    fc.assert(
      fc.property(fc.integer(), fc.nat(), fc.nat(), (seed, at, value) => {
        const g = clone(syntheticGame(seed));
        const bytes = packEvents(g.events);
        bytes[at % bytes.length] = value % 256;
        const r = unpackEvents(bytes, g.playerCount, g.gameType);
        if (r.ok) {
          const mutated = { ...g, events: r.events };
          checkGame(mutated);
          expect(replayCheck(mutated).status).toMatch(/^(agreed|rules_differ|disagreed|not_replayed)$/);
        }
      }),
      { numRuns: 500 },
    );
  });
});
