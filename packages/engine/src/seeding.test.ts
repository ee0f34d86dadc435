import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { seededPicker } from '@coup/random';
import { ENGINE_VERSION, ENGINE_VERSIONS, createGame } from './index';
import type { GameState } from './index';
import { seedState128 } from './rng';

// Issue 8, part 1: a seed must select one of far more games than anyone can enumerate. Engine 1.0.0
// hashed the seed to 32 bits, so an agent could list every start that fits its own hand; 2.0.0 seeds the
// whole 128-bit generator state from the whole seed.

/** What a seat-count's game is before anyone moves: hands, deck order, first seat and PRNG state. */
const start = (s: GameState) => JSON.stringify([s.players, s.deck, s.activeSeat, s.rng]);

/** Reproducible pseudo-random seed strings (a seeded stream), so the batch is the same on every run. */
function seeds(count: number, salt: number): string[] {
  const pick = seededPicker(salt);
  const chars = 'abcdefghijklmnopqrstuvwxyz0123456789-_';
  const out: string[] = [];
  for (let i = 0; i < count; i++) {
    let s = '';
    for (let k = 0; k < 16; k++) s += chars[pick(chars.length)];
    out.push(s);
  }
  return out;
}

describe('seeding', () => {
  it('is engine 2.0.0 by default; 1.0.0 stays known for its replays', () => {
    expect(ENGINE_VERSION).toBe('2.0.0');
    expect(ENGINE_VERSIONS).toEqual(['1.0.0', '2.0.0']);
    expect(createGame({ players: 3, seed: 'x' }).engineVersion).toBe('2.0.0');
    expect(createGame({ players: 3, seed: 'x', engineVersion: '1.0.0' }).engineVersion).toBe('1.0.0');
  });

  it('deals different games for seeds that engine 1.0.0 dealt identically', () => {
    const a = 'f3a9c1e0-orxg';
    const b = 'f3a9c1e0-164a0';
    for (let players = 2; players <= 6; players++) {
      expect(start(createGame({ players, seed: a }))).not.toBe(start(createGame({ players, seed: b })));
      // The old derivation, kept for old replays, still has the collision.
      const old = (seed: string) => createGame({ players, seed, engineVersion: '1.0.0' });
      expect(start(old(a))).toBe(start(old(b)));
    }
  });

  it('gives no two of 300,000 seeds the same initial state (a 32-bit seed collides ~10 times)', () => {
    const states = new Set<string>();
    for (const seed of seeds(300_000, 20261123)) states.add(seedState128(seed).join());
    expect(states.size).toBe(300_000);
    // 300,000 SHA-256 hashes: a few seconds on a loaded machine; this is a correctness check, not a timing.
  }, 30_000);

  it('gives no two of 20,000 seeds the same game start, through createGame', () => {
    const starts = new Set<string>();
    for (const seed of seeds(20_000, 7)) starts.add(createGame({ players: 4, seed }).rng.join());
    expect(starts.size).toBe(20_000);
  });

  it('takes 128 bits from the whole seed: every character counts, none is truncated away', () => {
    const base = 'x'.repeat(300);
    const variants = [base, `${base}y`, `y${base}`, `${base.slice(0, 150)}y${base.slice(151)}`];
    // Lone surrogates are distinct seeds too (a UTF-8 encoding would map both to U+FFFD).
    variants.push('\ud800', '\udfff', '');
    const states = new Set(variants.map((seed) => seedState128(seed).join()));
    expect(states.size).toBe(variants.length);
    for (const seed of variants) {
      const words = seedState128(seed);
      expect(words).toHaveLength(4);
      expect(words.some((w) => w !== 0)).toBe(true);
      for (const w of words) expect(w).toBe(w | 0);
    }
  });

  it('cannot be read off the published seed commitment, sha256(seed)', () => {
    for (const seed of seeds(50, 99)) {
      const commitment = createHash('sha256').update(seed, 'utf8').digest();
      const words = [0, 1, 2, 3].map((i) => commitment.readInt32BE(4 * i));
      expect(seedState128(seed)).not.toEqual(words);
      expect(createGame({ players: 2, seed, setup: undefined }).rng).not.toEqual(words);
    }
  });

  it('is the first 128 bits of SHA-256 over a domain and the seed in UTF-16 (checked with node:crypto)', () => {
    for (const seed of [...seeds(20, 5), '', 'é', '\ud83c\udfb2', '\ud800']) {
      const digest = createHash('sha256')
        .update(Buffer.from(`coup-arena/engine/prng-seed/v2\n${seed}`, 'utf16le'))
        .digest();
      expect(seedState128(seed)).toEqual([0, 1, 2, 3].map((i) => digest.readInt32BE(4 * i)));
    }
  });

  it('is pinned: the same seed deals the same game on every machine and release of 2.0.0', () => {
    const s = createGame({ players: 3, seed: 'pinned-seed' });
    expect(seedState128('pinned-seed')).toEqual(PINNED_STATE);
    expect([s.players.map((p) => p.cards.map((c) => c.role)), s.deck, s.activeSeat]).toEqual(PINNED_DEAL);
  });

  it('refuses an engine version it does not know, naming the ones it knows', () => {
    expect(() => createGame({ players: 2, seed: 'x', engineVersion: '9.9.9' })).toThrow(
      'unknown engine version "9.9.9": this engine re-runs 1.0.0, 2.0.0',
    );
  });
});

const PINNED_STATE = [-1500657310, 1969229167, 1371319685, -2114521632];
const PINNED_DEAL = [
  [
    ['duke', 'contessa'],
    ['contessa', 'duke'],
    ['ambassador', 'duke'],
  ],
  [
    'contessa',
    'captain',
    'ambassador',
    'captain',
    'assassin',
    'ambassador',
    'assassin',
    'captain',
    'assassin',
  ],
  1,
];
