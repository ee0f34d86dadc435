import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashSecret, ID_PREFIX, newId, packedFormat, packReplay, unpackReplay } from '@coup/db';
import { createTestDatabase } from '@coup/db/testing';
import type { TestDatabase } from '@coup/db/testing';
import { createTransports, keys } from '@coup/gateway';
import { replayPacker } from '@coup/competition';
import type { ReplayPacker } from '@coup/competition';
import { compactReplayCodec, seedCommitment } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { runMatchJob } from './run-match-job';
import type { MatchJobDeps } from './run-match-job';

// The worker's store path with its replays packed on a packing thread (WORKER_PACK_THREADS, the default),
// against Postgres: the stored row is the compact form, exactly packReplay's bytes for the replay it reads
// back as, and the match verifies; with a thread that cannot start, the same on the event loop.

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const prefix = `pk${randomBytes(4).toString('hex')}`;
let db: TestDatabase;
let redis: Redis;
const agents: string[] = [];

beforeAll(async () => {
  db = await createTestDatabase();
  redis = new Redis(REDIS_URL);
  const owner = await db.prisma.account.create({
    data: { id: newId(ID_PREFIX.account), name: 'pk', apiKeyHash: hashSecret(prefix), apiKeyPrefix: 'x' },
  });
  for (const [i, kind] of ['heuristic', 'honest', 'random', 'heuristic'].entries()) {
    const a = await db.prisma.agent.create({
      data: {
        id: newId(ID_PREFIX.agent),
        ownerId: owner.id,
        name: `pk-${kind}-${i}`,
        transport: 'http',
        endpointUrl: `bot:${kind}`,
        isHouse: true,
        secretHash: hashSecret(`${prefix}${i}`),
        secretEnc: 'unused',
      },
    });
    agents.push(a.id);
  }
}, 60_000);

afterAll(async () => {
  redis?.disconnect();
  await db?.drop();
});

const deps = (packer: ReplayPacker): MatchJobDeps => ({
  prisma: db.prisma,
  redis,
  keys: keys(prefix),
  transports: createTransports({
    wsAgent: () => ({ name: 'none', decide: () => Promise.reject(new Error()) }),
    agentAddresses: 'public',
  }),
  publicUrl: 'http://localhost',
  pack: (replay) => packer.pack(replay),
});

/** Plays and stores one match; its stored bytes and the replay text they read back as. */
async function played(packer: ReplayPacker, ruleset: string) {
  const id = newId(ID_PREFIX.match);
  const seed = randomBytes(24).toString('base64url');
  await db.prisma.match.create({
    data: {
      id,
      ranked: false,
      seed,
      seedCommitment: seedCommitment(seed),
      ruleset,
      timeoutMs: 1000,
      seats: { create: agents.map((agentId, seat) => ({ seat, agentId })) },
    },
  });
  expect(await runMatchJob(id, deps(packer))).toBe('finished');
  const row = await db.prisma.replay.findUniqueOrThrow({ where: { matchId: id } });
  const packed = Buffer.from(row.packed!);
  return { packed, text: unpackReplay(packed, compactReplayCodec) };
}

describe('the store path with replays packed on a thread', () => {
  it('stores the compact form, packReplay of the replay it reads back as', { timeout: 60_000 }, async () => {
    // Nothing logged: no replay fell back to the event loop.
    const log: string[] = [];
    const packer = replayPacker(1, { log: (msg) => log.push(msg) });
    try {
      for (const ruleset of ['original', 'inquisitors']) {
        const { packed, text } = await played(packer, ruleset);
        expect(packedFormat(packed)).toBe(2);
        const replay = JSON.parse(text) as unknown;
        expect(Buffer.compare(packed, packReplay(replay, compactReplayCodec))).toBe(0);
        expect(verifyReplay(replay)).toEqual({ ok: true });
      }
      expect(log).toEqual([]);
    } finally {
      await packer.close();
    }
  });

  it(
    'packs on the event loop when the thread cannot start, to the same form',
    { timeout: 60_000 },
    async () => {
      const packer = replayPacker(1, {
        startThread: () => {
          throw new Error('no threads here');
        },
      });
      try {
        const { packed, text } = await played(packer, 'original');
        expect(packedFormat(packed)).toBe(2);
        expect(Buffer.compare(packed, packReplay(JSON.parse(text), compactReplayCodec))).toBe(0);
      } finally {
        await packer.close();
      }
    },
  );
});
