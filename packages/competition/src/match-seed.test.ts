import { describe, expect, it } from 'vitest';
import { createGame } from '@coup/engine';
// newMatchSeed is @coup/db's (insertMatch draws it); checked here against the engine, which @coup/db does
// not depend on.
import { MATCH_SEED_BYTES, newMatchSeed } from '@coup/db';

describe('newMatchSeed', () => {
  it('draws at least 128 bits from crypto for every match, and the engine deals them apart', () => {
    expect(MATCH_SEED_BYTES * 8).toBeGreaterThanOrEqual(128);
    const seeds = Array.from({ length: 2000 }, newMatchSeed);
    for (const seed of seeds) expect(Buffer.from(seed, 'base64url').length).toBe(MATCH_SEED_BYTES);
    expect(new Set(seeds).size).toBe(seeds.length);
    const starts = new Set(seeds.map((seed) => createGame({ players: 4, seed }).rng.join()));
    expect(starts.size).toBe(seeds.length);
  });
});
