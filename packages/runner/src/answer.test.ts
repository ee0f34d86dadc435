import { describe, expect, it } from 'vitest';
import { RULESET_IDS, applyAction, createGame, isOver, legalActions, pendingSeats } from '@coup/engine';
import type { Action } from '@coup/engine';
import { seededPicker } from '@coup/random';
import { checkAnswer } from './answer';

const legal: Action[] = [{ type: 'challenge' }, { type: 'pass' }];

describe('checkAnswer', () => {
  it('accepts a legal action, keeps the comment and ignores unknown keys', () => {
    const out = checkAnswer({ action: { type: 'pass', extra: 1 }, comment: 'hm', other: true }, legal);
    expect(out).toMatchObject({ ok: true, action: { type: 'pass' }, comment: 'hm' });
  });

  it.each<[string, unknown, string]>([
    ['no action', { move: 'pass' }, 'invalid_answer'],
    ['a string', 'pass', 'invalid_answer'],
    ['null', null, 'invalid_answer'],
    ['a long comment', { action: { type: 'pass' }, comment: 'x'.repeat(281) }, 'invalid_answer'],
    ['an unknown type', { action: { type: 'fly' } }, 'illegal_action'],
    ['unexpected data', { action: { type: 'pass', data: { target: 1 } } }, 'illegal_action'],
    // The replay is jsonb, which cannot hold NUL: such an answer must never reach it.
    ['a NUL in the action type', { action: { type: 'fly\u0000' } }, 'invalid_answer'],
    ['a NUL in extra action data', { action: { type: 'pass', note: '\u0000' } }, 'invalid_answer'],
    ['a NUL in the comment', { action: { type: 'pass' }, comment: 'a\u0000b' }, 'invalid_answer'],
    [
      'an unpaired surrogate in the comment',
      { action: { type: 'pass' }, comment: '\ud800' },
      'invalid_answer',
    ],
  ])('faults %s', (_what, body, reason) => {
    const out = checkAnswer(body, legal);
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.fault.reason).toBe(reason);
  });

  it('names where the NUL character is and stores nothing of such an answer', () => {
    const out = checkAnswer({ action: { type: 'pass', data: { role: 'duke\u0000' } } }, legal);
    expect(out).toMatchObject({ ok: false, raw: null });
    if (!out.ok) expect(out.fault.message).toMatch(/^answer\.action\.data\.role: contains a NUL character/);
    // A NUL in a field the runner ignores (and never stores) does not fault a legal answer.
    expect(checkAnswer({ action: { type: 'pass' }, other: '\u0000' }, legal)).toMatchObject({ ok: true });
  });

  it('faults an answer nested past 64 levels, saying so, however deep (no stack overflow)', () => {
    for (const levels of [65, 9000, 100_000]) {
      const extra = JSON.parse('{"a":'.repeat(levels) + '1' + '}'.repeat(levels)) as unknown;
      const out = checkAnswer({ action: { type: 'pass', extra } }, legal);
      expect(out).toEqual({
        ok: false,
        fault: {
          reason: 'invalid_answer',
          message: 'answer: nests arrays and objects more than 64 levels deep',
        },
        raw: null,
      });
    }
    const shallow = JSON.parse('{"a":'.repeat(60) + '1' + '}'.repeat(60)) as unknown;
    expect(checkAnswer({ action: { type: 'pass', extra: shallow } }, legal)).toMatchObject({ ok: true });
  });

  it('never throws, whatever an in-process agent hands over', () => {
    const cyclic: Record<string, unknown> = { type: 'pass' };
    cyclic.self = cyclic;
    const hostile = {
      get action(): unknown {
        throw new Error('boom');
      },
    };
    for (const body of [{ action: cyclic }, hostile, { action: { type: 'pass', n: 10n } }, 10n]) {
      expect(() => checkAnswer(body, legal)).not.toThrow();
    }
    expect(checkAnswer({ action: cyclic }, legal)).toMatchObject({ ok: true, raw: null });
  });

  it("takes an in-process agent's own legal action as the full check of a copy does, in random games", () => {
    let compared = 0;
    for (const ruleset of RULESET_IDS) {
      for (const players of [2, 4, 6]) {
        const pick = seededPicker(`answer-${ruleset}-${players}`);
        let s = createGame({ players, seed: `answer-${players}`, ruleset });
        while (!isOver(s)) {
          const seats = pendingSeats(s);
          for (const seat of seats) {
            const legal = legalActions(s, seat);
            for (const a of legal) {
              for (const extra of [{}, { history: 'full' }]) {
                const own = checkAnswer({ action: a, ...extra }, legal);
                const copy = checkAnswer({ action: structuredClone(a), ...extra }, legal);
                expect(own).toEqual(copy);
                expect(JSON.stringify(own)).toBe(JSON.stringify(copy));
                if (own.ok && copy.ok) expect(own.action).toBe(copy.action);
                compared++;
              }
            }
          }
          const seat = seats[pick(seats.length)] as number;
          const legal = legalActions(s, seat);
          const r = applyAction(s, seat, legal[pick(legal.length)] as Action);
          if (!r.ok) throw new Error(r.error.message);
          s = r.state;
        }
      }
    }
    expect(compared).toBeGreaterThan(1000);
    // Not the agent's own object, or more than the bots send: the full check, as for any other body.
    const legal = legalActions(createGame({ players: 2, seed: 'x' }), 0);
    const first = legal[0] as Action;
    expect(checkAnswer({ action: first, comment: 'hi' }, legal)).toMatchObject({ ok: true, comment: 'hi' });
    expect(checkAnswer({ action: first, history: { deep: 1 } }, legal)).toMatchObject({ ok: true });
    expect(checkAnswer({ action: first, comment: 'a\u0000b' }, legal)).toMatchObject({ ok: false });
    expect(
      checkAnswer(Object.assign(Object.create({ x: 1 }) as object, { action: first }), legal),
    ).toMatchObject({ ok: true });
  });
});
