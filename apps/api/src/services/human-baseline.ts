import { humanBaselines } from '@coup/archive';
import type { PrismaClient } from '@coup/db';
import { latestBaselines } from '../repositories/datasets';

// People's figures for an agent's profile (GET /v1/agents/:id), beside the agent's own behaviour figures:
// from the most recent ready human dataset, its `original` games (our rules), people's decisions only
// (computer players left out). Kept apart from profile.ts, which computes the agent's own figures.

const ROLES = ['duke', 'captain', 'assassin', 'ambassador', 'contessa'] as const;

export async function humanBaseline(prisma: PrismaClient) {
  const d = await latestBaselines(prisma);
  const parsed = humanBaselines.safeParse(d?.baselines);
  if (!d || !parsed.success) return null;
  const f = parsed.data.byGameType.original.humans;
  if (f.games === 0) return null;
  return {
    datasetId: d.id,
    datasetName: d.name,
    gameType: 'original' as const,
    // The games with people: people's figures rest on those only.
    games: f.games,
    basis: {
      bluffRate: f.basis.bluffRate,
      challengeRate: f.basis.challengeRate,
      challengeSuccess: f.basis.challengeSuccess,
      blockRate: f.basis.blockRate,
    },
    bluffRate: f.bluffRate,
    challengeRate: f.challengeRate,
    challengeSuccess: f.challengeSuccess,
    blockRate: f.blockRate,
    bluffRateByRole: Object.fromEntries(ROLES.map((r) => [r, f.roles[r].bluffRate])),
  };
}
