import { describe, expect, it } from 'vitest';
import { findUnstorableText, unstorableMessage } from './storable-text';

const pathOf = (v: unknown) => findUnstorableText(v, 'body')?.path ?? null;

describe('findUnstorableText', () => {
  it('finds a NUL character in strings and keys at any depth, and names the path', () => {
    expect(findUnstorableText('a\u0000', 'query.q')?.path).toBe('query.q');
    expect(pathOf({ agents: ['ag_1', 'ag_\u0000'] })).toBe('body.agents.1');
    expect(pathOf({ a: { b: [{ c: 'x\u0000y' }] } })).toBe('body.a.b.0.c');
    expect(pathOf({ 'k\u0000': 1 })).toBe('body."k\\u0000"');
  });

  it('finds unpaired surrogates (jsonb refuses them) but not surrogate pairs', () => {
    expect(pathOf({ comment: 'a\ud800' })).toBe('body.comment');
    expect(pathOf({ comment: '\udc00b' })).toBe('body.comment');
    expect(pathOf({ comment: 'emoji \ud83d\ude00' })).toBeNull();
  });

  it('is null for storable values, including cycles, numbers and the escaped text "\\\\u0000"', () => {
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic.self = cyclic;
    for (const v of [null, undefined, 1, true, 'plain', 'é', '\\u0000', ['a', { b: 'c' }], cyclic]) {
      expect(pathOf(v)).toBeNull();
    }
  });

  it('says which field and why', () => {
    const found = findUnstorableText({ name: 'a\u0000' }, 'body');
    expect(found && unstorableMessage(found)).toBe(
      'body.name: contains a NUL character (\\u0000), which cannot be stored',
    );
    const surrogate = findUnstorableText({ name: '\ud800' }, 'body');
    expect(surrogate && unstorableMessage(surrogate)).toMatch(/^body\.name: contains an unpaired UTF-16/);
  });
});

describe('findUnstorableText on deep values', () => {
  it('walks 100,000 levels without overflowing the stack', () => {
    const levels = 100_000;
    const deep = JSON.parse('{"a":'.repeat(levels) + '"x\\u0000"' + '}'.repeat(levels)) as unknown;
    const found = findUnstorableText(deep, 'm');
    expect(found?.path).toBe(`m${'.a'.repeat(levels)}`);
    expect(findUnstorableText(JSON.parse('['.repeat(levels) + ']'.repeat(levels)), 'm')).toBeNull();
  });

  it('finds the first one in key order, a key before its value', () => {
    expect(pathOf({ a: ['ok', { b: 'x\u0000' }], c: '\u0000' })).toBe('body.a.1.b');
    expect(pathOf({ 'k\u0000': 'v\u0000' })).toBe('body."k\\u0000"');
    expect(pathOf({ a: 'ok', b: { c: 1, d: ['\ud800'] } })).toBe('body.b.d.0');
  });
});
