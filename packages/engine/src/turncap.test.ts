import { describe, expect, it } from 'vitest';
import { TURN_CAP, applyAction, isOver, pendingSeats, ranking } from './index';
import type { GameState } from './index';
import { act, gameFrom, nearTurnCap, play } from './testing';
import type { Step } from './testing';

// RULES.md "Turn cap": the game ends when `turn` reaches 300; survivors are ranked by face-down cards,
// then coins, with ties sharing a place; eliminated seats follow in reverse order of elimination.

/** Unchallenged exchanges that return the drawn cards, until `turn` (coins and face-down counts unchanged). */
function exchangeUntil(s: GameState, turn: number): GameState {
  let state = s;
  while (state.turn < turn) {
    const seat = state.activeSeat;
    const steps: Step[] = [[seat, act.exchange]];
    const n = state.players.length;
    for (let k = 1; k < n; k++) {
      const other = (seat + k) % n;
      if (!state.players[other]!.eliminated) steps.push([other, act.pass]);
    }
    const faceDown = state.players[seat]!.cards.filter((c) => !c.revealed).length;
    steps.push([seat, act.returnCards(faceDown, faceDown + 1)]);
    state = play(state, steps).state;
  }
  return state;
}

describe('the 300-turn cap', () => {
  it('turn 299 is still played', () => {
    const s = nearTurnCap().state;
    expect(TURN_CAP).toBe(300);
    expect(s).toMatchObject({ turn: 299, phase: 'action', activeSeat: 3 });
    expect(isOver(s)).toBe(false);
    expect(s.players.map((p) => p.coins)).toEqual([0, 0, 1, 2, 0]);
    expect(s.players.map((p) => p.cards.filter((c) => !c.revealed).length)).toEqual([2, 2, 2, 1, 0]);
    expect(s.eliminationOrder).toEqual([4]);
  });

  it('ends the game when turn reaches 300: face-down cards first, then coins, ties share a place', () => {
    const r = play(nearTurnCap().state, [[3, act.income]]);
    // Seat 2 (2 cards, 1 coin) > seats 0, 1 (2 cards, 0 coins, tied) > seat 3 (1 card, 3 coins) > seat 4 (out).
    const places = [[2], [0, 1], [3], [4]];
    expect(r.events).toEqual([
      { type: 'declared', turn: 299, seat: 3, action: 'income', target: null, claim: null, cost: 0 },
      { type: 'resolved', turn: 299, seat: 3, action: 'income', target: null, outcome: 'done', coins: 1 },
      { type: 'game_over', turn: 300, reason: 'turn_cap', ranking: places },
    ]);
    expect(r.state).toMatchObject({ phase: 'game_over', turn: 300, endReason: 'turn_cap', pending: null });
    expect(ranking(r.state)).toEqual(places);
    expect(pendingSeats(r.state)).toEqual([]);
    expect(applyAction(r.state, 0, act.income)).toMatchObject({ ok: false, error: { code: 'game_over' } });
  });

  it('the last turn is played out in full (windows, losses) before the cap applies', () => {
    const s = play(nearTurnCap().state, [[3, act.tax]]).state;
    expect(s.phase).toBe('challenge_action');
    expect(pendingSeats(s)).toEqual([0, 1, 2]);
    // Seat 3 (a captain) bluffed: seat 0 challenges, seat 3 loses its last card, then the cap.
    const r = play(s, [
      [0, act.challenge],
      [3, act.loseCard(1)],
    ]);
    expect(r.state.phase).toBe('game_over');
    expect(r.state.eliminationOrder).toEqual([4, 3]);
    expect(r.events.at(-1)).toEqual({
      type: 'game_over',
      turn: 300,
      reason: 'turn_cap',
      ranking: [[2], [0, 1], [3], [4]],
    });
  });

  it('a game won outright on the last turn ends as last_standing, not turn_cap', () => {
    const start = play(
      gameFrom(
        [
          ['duke', 'captain'],
          ['assassin', 'contessa'],
        ],
        { coins: [14, 14] },
      ),
      [
        [0, act.coup(1)],
        [1, act.loseCard(0)],
        [1, act.coup(0)],
        [0, act.loseCard(0)],
      ],
    ).state;
    const s = exchangeUntil(start, 299);
    expect(s).toMatchObject({ turn: 299, activeSeat: 1 });
    const r = play(s, [
      [1, act.coup(0)],
      [0, act.loseCard(1)],
    ]);
    expect(r.state).toMatchObject({ phase: 'game_over', endReason: 'last_standing', turn: 299 });
    expect(ranking(r.state)).toEqual([[1], [0]]);
  });

  it('survivors equal on cards and coins all share the first place', () => {
    const s = exchangeUntil(
      gameFrom([
        ['duke', 'captain'],
        ['assassin', 'contessa'],
        ['ambassador', 'duke'],
      ]),
      299,
    );
    const r = play(s, [
      [s.activeSeat, act.exchange],
      ...[1, 2].map((k) => [(s.activeSeat + k) % 3, act.pass] as const),
      [s.activeSeat, act.returnCards(2, 3)],
    ]);
    expect(r.state.endReason).toBe('turn_cap');
    expect(ranking(r.state)).toEqual([[0, 1, 2]]);
  });
});
