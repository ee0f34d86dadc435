import { HOUSE_BOT_KINDS } from '@coup/bots';
import { encryptSecret, hashSecret, ID_PREFIX, newAgentSecret, newApiKey, newId } from '@coup/db';
import type { Agent, PrismaClient } from '@coup/db';
import { HOUSE_ENDPOINT_PREFIX } from '@coup/transports';
import { RULESET_IDS } from '@coup/engine';

export const HOUSE_ACCOUNT = 'house';

/**
 * The built-in bots as house agents: always registered, always in the ranked queue, playing in-process.
 * They give a new user opponents at once and anchor the ladder. They play every ruleset the engine knows
 * (one built before a ruleset was added is given it here). Idempotent (safe at every start).
 */
export async function ensureHouseAgents(prisma: PrismaClient): Promise<Agent[]> {
  let owner = await prisma.account.findUnique({ where: { name: HOUSE_ACCOUNT } });
  if (!owner) {
    // The house account's key is never shown: nobody logs in as the house.
    const key = newApiKey();
    owner = await prisma.account
      .create({
        data: {
          id: newId(ID_PREFIX.account),
          name: HOUSE_ACCOUNT,
          apiKeyHash: hashSecret(key),
          apiKeyPrefix: 'house',
        },
      })
      .catch(async () => prisma.account.findUniqueOrThrow({ where: { name: HOUSE_ACCOUNT } }));
  }
  const agents: Agent[] = [];
  // The fast bots last: lists are newest first, so a new platform shows (and a test picking the first house
  // agents gets) heuristic, honest and random before the slower people and search levels.
  const fast: readonly string[] = ['random', 'honest', 'heuristic'];
  const order = [
    ...[...HOUSE_BOT_KINDS].filter((k) => !fast.includes(k)).reverse(),
    ...HOUSE_BOT_KINDS.filter((k) => fast.includes(k)),
  ];
  for (const kind of order) {
    const name = `house-${kind}`;
    const existing = await prisma.agent.findUnique({ where: { name } });
    if (existing) {
      const missing = RULESET_IDS.some((r) => !existing.rulesets.includes(r));
      agents.push(
        missing
          ? await prisma.agent.update({ where: { id: existing.id }, data: { rulesets: [...RULESET_IDS] } })
          : existing,
      );
      continue;
    }
    const secret = newAgentSecret();
    const created = await prisma.agent
      .create({
        data: {
          id: newId(ID_PREFIX.agent),
          ownerId: owner.id,
          name,
          transport: 'http',
          endpointUrl: `${HOUSE_ENDPOINT_PREFIX}${kind}`,
          modelName: `built-in ${kind} bot`,
          isHouse: true,
          rulesets: [...RULESET_IDS],
          inQueue: true,
          queueJoinedAt: new Date(),
          secretHash: hashSecret(secret),
          secretEnc: encryptSecret(secret),
        },
      })
      .catch(async () => prisma.agent.findUniqueOrThrow({ where: { name } }));
    agents.push(created);
  }
  // Returned in the kinds' own order, fastest first (random, honest, heuristic, people, then the search
  // levels): what the start summary lists and what demo matches seat.
  return HOUSE_BOT_KINDS.flatMap((k) => agents.filter((a) => a.name === `house-${k}`));
}
