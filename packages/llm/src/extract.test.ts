import { describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import { extractAnswer } from './extract';

type Legal = DecisionRequest['legalActions'];
const turn: Legal = [
  { type: 'income' },
  { type: 'foreign_aid' },
  { type: 'tax' },
  { type: 'steal', data: { target: 1 } },
  { type: 'steal', data: { target: 2 } },
];
const window: Legal = [{ type: 'challenge' }, { type: 'pass' }];

describe('extractAnswer', () => {
  it('takes a bare JSON answer as it is', () => {
    expect(extractAnswer('{"action":{"type":"tax"},"comment":"hi"}', turn)).toEqual({
      ok: true,
      body: { action: { type: 'tax' }, comment: 'hi' },
    });
  });

  it('finds the first answer object inside a code fence and prose', () => {
    const text =
      'Thinking {not json}.\n```json\n{"action": {"type": "steal", "data": {"target": 2}}}\n```\nDone {"action":{"type":"income"}}';
    expect(extractAnswer(text, turn)).toEqual({
      ok: true,
      body: { action: { type: 'steal', data: { target: 2 } } },
    });
  });

  it('wraps a bare action object, and a type named as a string', () => {
    expect(extractAnswer('{"type":"pass"}', window)).toEqual({
      ok: true,
      body: { action: { type: 'pass' } },
    });
    expect(extractAnswer('{"action":"income"}', turn)).toEqual({
      ok: true,
      body: { action: { type: 'income' } },
    });
  });

  it('respects braces inside strings', () => {
    const text = 'My answer: {"action": {"type": "pass"}, "comment": "a } brace"}';
    expect(extractAnswer(text, window)).toEqual({
      ok: true,
      body: { action: { type: 'pass' }, comment: 'a } brace' },
    });
  });

  it('takes an action named by type when exactly one legal action has it', () => {
    expect(extractAnswer('I will take foreign aid.', turn)).toEqual({
      ok: true,
      body: { action: { type: 'foreign_aid' } },
    });
    expect(extractAnswer('Pass.', window)).toEqual({ ok: true, body: { action: { type: 'pass' } } });
  });

  it('refuses ambiguous or empty text with a reason', () => {
    const steal = extractAnswer('steal!', turn);
    expect(steal.ok).toBe(false);
    const both = extractAnswer('I could challenge, but I pass', window);
    expect(both.ok).toBe(false);
    if (!both.ok) expect(both.message).toMatch(/no JSON object/);
    const empty = extractAnswer('   ', window);
    expect(empty).toEqual({ ok: false, message: 'the model answered nothing' });
  });
});
