// One matchmaking pass over a queue of 10,000 agents. Goal: under 1 s. Run: npm run bench -w @coup/worker
import { seededRandom } from '@coup/random';
import { DEFAULT_MATCHMAKING, formMatches } from '../src/ladder/matchmaking';
import type { Candidate } from '../src/ladder/matchmaking';

// Seeded, so every run ranks the same queue.
const rand = seededRandom(12345);

function queue(n: number): Candidate[] {
  return Array.from({ length: n }, (_, i) => ({
    agentId: `ag_${i.toString(36).padStart(6, '0')}`,
    ownerId: `acc_${Math.floor(rand() * (n / 3))}`,
    rating: 1500 + (rand() - 0.5) * 1200,
    rd: 40 + rand() * 310,
    recentGames: Math.floor(rand() * 40),
    waitingMs: Math.floor(rand() * 120_000),
    house: i < 3,
  }));
}

for (const n of [1_000, 10_000, 100_000]) {
  const q = queue(n);
  formMatches(q, DEFAULT_MATCHMAKING); // warm-up
  const runs = n <= 10_000 ? 10 : 3;
  const t0 = performance.now();
  let groups = 0;
  for (let r = 0; r < runs; r++) groups = formMatches(q, DEFAULT_MATCHMAKING).length;
  const ms = (performance.now() - t0) / runs;
  const seated = groups * DEFAULT_MATCHMAKING.seats;
  console.log(
    `matchmaking: ${n.toLocaleString('en-US')} queued agents -> ${groups} matches (~${seated} seats) in ${ms.toFixed(1)} ms per pass`,
  );
}
console.log('goal: one pass over 10,000 agents under 1 s');
