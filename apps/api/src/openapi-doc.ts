import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { stringify } from 'yaml';
import { createPrisma } from '@coup/db';
import { ChannelHub, createTransports, keys, parseEnv, QUEUE } from '@coup/gateway';
import type { MatchJob } from '@coup/gateway';
import { buildApp } from './app';

/**
 * The OpenAPI document as YAML, generated from the routes' zod schemas. Nothing connects: the clients are
 * lazy and no route runs.
 */
export async function openapiYaml(): Promise<string> {
  const env = parseEnv({ LOG_LEVEL: 'silent', EVENTS_ENABLED: 'true' });
  const lazy = () => new Redis({ lazyConnect: true, maxRetriesPerRequest: null });
  const redis = lazy();
  const subscriber = lazy();
  const prisma = createPrisma('postgresql://openapi@127.0.0.1:1/none');
  const matchQueue = new Queue<MatchJob>(QUEUE.matches, { connection: lazy() });
  const tableQueue = new Queue<MatchJob>(QUEUE.tables, { connection: lazy() });
  const app = await buildApp({
    env,
    prisma,
    redis,
    subscriber,
    hub: new ChannelHub(subscriber),
    matchQueue,
    tableQueue,
    keys: keys('openapi'),
    transports: createTransports({
      wsAgent: () => ({ name: 'none', decide: () => Promise.reject(new Error()) }),
      agentAddresses: env.AGENT_ADDRESSES,
    }),
    adminKey: 'openapi-openapi-openapi',
    publicUrl: 'http://localhost:3000',
  });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  await matchQueue.close();
  await tableQueue.close();
  redis.disconnect();
  subscriber.disconnect();
  await prisma.$disconnect();
  return `# Generated from the API's zod schemas by \`npm run openapi\`; do not edit by hand.\n${stringify(doc, { aliasDuplicateObjects: false })}`;
}
