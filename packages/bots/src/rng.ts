import type { DecisionRequest } from '@coup/protocol';

// Bots never use Math.random: every decision draws from a small PRNG seeded by the bot's seed and the
// decision id. Seeding per decision (rather than one stream per bot) makes an answer depend only on the
// request, so a retried decision gets the same answer and the order in which matches interleave does not
// change any of them.

export type Rand = () => number;

/** cyrb128: a fast string hash into four 32-bit words, enough to seed sfc32. */
function hash128(str: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < str.length; i++) {
    const k = str.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/** sfc32: small, fast, good enough for game decisions. Returns floats in [0, 1). */
export function seededRandom(seed: string): Rand {
  let [a, b, c, d] = hash128(seed);
  const next: Rand = () => {
    a >>>= 0;
    b >>>= 0;
    c >>>= 0;
    d >>>= 0;
    let t = (a + b) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    d = (d + 1) | 0;
    t = (t + d) | 0;
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
  // Discard the first outputs: sfc32 mixes poorly right after seeding.
  for (let i = 0; i < 12; i++) next();
  return next;
}

/** The PRNG for one decision of one bot instance. */
export function decisionRandom(seed: string, req: DecisionRequest): Rand {
  return seededRandom(`${seed}\u0000${req.matchId}\u0000${req.decisionId}\u0000${req.seat}`);
}

export function pick<T>(rand: Rand, list: readonly T[]): T {
  const item = list[Math.floor(rand() * list.length)];
  if (item === undefined) throw new Error('pick from an empty list');
  return item;
}
