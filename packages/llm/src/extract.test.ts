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

  it('refuses an answer nested more than 64 levels deep, as JSON or inside prose, without parsing it', () => {
    const deep = (n: number) => '{"a":'.repeat(n) + '1' + '}'.repeat(n);
    const refused = { ok: false, message: 'the answer: nests arrays and objects more than 64 levels deep' };
    expect(extractAnswer(`{"action":{"type":"tax","x":${deep(9000)}}}`, turn)).toEqual(refused);
    expect(extractAnswer(`My move: {"action":{"type":"tax","x":${deep(70)}}} "quoted {`, turn)).toEqual(
      refused,
    );
    // Prose that opens a string and never closes it hides the JSON from the first scan, not from the second.
    expect(extractAnswer(`He said "go {"action":{"type":"tax","x":${deep(9000)}}}`, turn)).toEqual(refused);
    expect(extractAnswer(`{"action":{"type":"tax","x":${deep(60)}}}`, turn)).toMatchObject({ ok: true });
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
