import { describe, expect, it } from 'vitest';
import { findNul, nulMessage } from './nul';

describe('findNul', () => {
  it('finds a NUL character in strings and keys at any depth, and names the path', () => {
    expect(findNul('a\u0000', 'query.q')).toBe('query.q');
    expect(findNul({ agents: ['ag_1', 'ag_\u0000'] }, 'body')).toBe('body.agents.1');
    expect(findNul({ a: { b: [{ c: 'x\u0000y' }] } }, 'body')).toBe('body.a.b.0.c');
    expect(findNul({ 'k\u0000': 1 }, 'body')).toBe('body."k\\u0000"');
  });

  it('is null for values without one, including cycles, numbers and the escaped text "\\\\u0000"', () => {
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic.self = cyclic;
    for (const v of [null, undefined, 1, true, 'plain', '\\u0000', ['a', { b: 'c' }], cyclic]) {
      expect(findNul(v, 'body')).toBeNull();
    }
  });

  it('says which field and why', () => {
    expect(nulMessage('body.name')).toBe(
      'body.name: contains a NUL character (\\u0000), which cannot be stored',
    );
  });
});
