import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { eventFor } from '@coup/engine';
import type { GameEvent } from '@coup/engine';
import { describeAction, describeAnswer, describeEvent, roleName, seatNamer } from './describe';
import { Replay } from './replay';
import { historyEntry } from './wire';

// The one describer of events and actions, shared by the prompt, the CLI and the web UI.

const replay = Replay.parse(
  JSON.parse(readFileSync(fileURLToPath(new URL('../fixtures/replay.json', import.meta.url)), 'utf8')),
);
const names = replay.players.map((p) => p.name);

describe('seatNamer', () => {
  it("names seats from one seat's point of view, or from none", () => {
    const who = seatNamer(['alpha', 'bravo'], 1);
    expect([who(0), who(1), who(5), who(null)]).toEqual([
      'seat 0 (alpha)',
      'you (seat 1)',
      'seat 5',
      'nobody',
    ]);
    expect(seatNamer(['alpha', 'bravo'])(1)).toBe('seat 1 (bravo)');
  });
});

describe('describeEvent', () => {
  it('puts every event of a match in words, a history entry exactly as its engine event', () => {
    const who = seatNamer(names, 2);
    const forfeit: GameEvent = { type: 'forfeited', turn: 9, seat: 1 };
    for (const e of [...replay.events, forfeit]) {
      const words = describeEvent(e, who);
      expect(words, e.type).toMatch(/^[a-z].*[a-z0-9)]$/);
      expect(words, e.type).not.toMatch(/undefined|null|\[object|_/);
      const seen = eventFor(e, 2);
      expect(describeEvent(historyEntry(seen), who)).toBe(describeEvent(seen, who));
    }
  });

  it('says what happened, with private fields only where the event carries them', () => {
    const who = seatNamer(['alpha', 'bravo', 'charlie'], 2);
    const drawn: GameEvent = {
      type: 'exchange_drawn',
      turn: 4,
      seat: 2,
      count: 2,
      roles: ['duke', 'captain'],
    };
    expect(describeEvent(drawn, who)).toBe('you (seat 2) drew 2 cards (Duke, Captain)');
    expect(describeEvent(eventFor(drawn, 0), who)).toBe('you (seat 2) drew 2 cards');
    const declared: GameEvent = {
      type: 'declared',
      turn: 1,
      seat: 0,
      action: 'steal',
      target: 2,
      claim: 'captain',
      cost: 0,
    };
    expect(describeEvent(declared, who)).toBe(
      'seat 0 (alpha) declared steal up to 2 coins from you (seat 2) claiming Captain',
    );
    const over: GameEvent = { type: 'game_over', turn: 7, reason: 'turn_cap', ranking: [[0, 1], [2]] };
    expect(describeEvent(over, who)).toBe(
      'game over (turn limit reached): seat 0 (alpha) and seat 1 (bravo) shared first place',
    );
    expect(describeEvent({ type: 'turn_started', turn: 3, seat: 1 }, who)).toBe(
      'turn 3: seat 1 (bravo) to play',
    );
  });
});

describe('describeAction and describeAnswer', () => {
  it('put actions and raw answers in short phrases', () => {
    const who = seatNamer(['alpha', 'bravo']);
    expect(describeAction({ type: 'steal', data: { target: 1 } }, who)).toBe('steal from seat 1 (bravo)');
    expect(describeAction({ type: 'block', data: { role: 'contessa' } }, who)).toBe(
      'block claiming Contessa',
    );
    expect(describeAction({ type: 'lose_card', data: { card_index: 1 } }, who)).toBe(
      'reveal the card in slot 1',
    );
    expect(describeAction(null, who)).toBe('nothing');
    expect(describeAnswer({ type: 'income' }, who)).toBe('income');
    expect(describeAnswer(null, who)).toBe('no usable answer');
    expect(describeAnswer('x'.repeat(100), who)).toHaveLength(78);
    expect([roleName('ambassador'), roleName(null)]).toEqual(['Ambassador', '?']);
  });
});
