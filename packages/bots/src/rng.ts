import { seededRandom } from '@coup/random';
import type { Random } from '@coup/random';
import type { DecisionRequest } from '@coup/protocol';

// Bots never use Math.random: every decision draws from a stream (@coup/random) seeded by the bot's seed
// and the decision id. Seeding per decision (rather than one stream per bot) makes an answer depend only
// on the request, so a retried decision gets the same answer and the order in which matches interleave
// does not change any of them.

/** The PRNG for one decision of one bot instance. */
export function decisionRandom(seed: string, req: DecisionRequest): Random {
  // The seed and the match id are the same for all of a bot's decisions in a match: hashed once.
  const prefix = `${seed}\u0000${req.matchId}\u0000`;
  return seededRandom(`${prefix}${req.decisionId}\u0000${req.seat}`, prefix.length);
}
