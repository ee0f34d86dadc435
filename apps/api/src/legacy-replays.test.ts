import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeMatchResult, insertMatch } from '@coup/db';
import { SeatReplay } from '@coup/protocol';
import type { Replay } from '@coup/protocol';
import { verifyReplay } from '@coup/runner';
import { engine1Replays } from '@coup/runner/testing';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';
import { hiddenInfoLeaks } from './testing/hidden';

// The platform's stored replays outlive engine versions: a match played by engine 1.0.0 (the 32-bit
// seeding) is still served, verifies, and gives each seat its own replay, rebuilt by the 1.0.0 engine.

let h: Harness;
let owner: Account;

beforeAll(async () => {
  h = await startHarness({ worker: false });
  owner = await h.createAccount();
});

afterAll(async () => {
  await h?.stop();
});

/** A finished match in the database holding `replay`, as a worker of that engine version stored it. */
async function stored(replay: Replay): Promise<string> {
  const agentIds: string[] = [];
  for (const p of replay.players) {
    const reg = await h.registerAgent(owner.key, {
      name: uniqueName(p.name),
      endpointUrl: 'http://127.0.0.1:9',
    });
    agentIds.push(reg.id);
  }
  const prisma = h.platform.runtime.prisma;
  const id = await insertMatch(prisma, {
    agentIds,
    ranked: false,
    timeoutMs: replay.timeoutMs,
    seed: replay.seed,
  });
  const out = await storeMatchResult(prisma, id, {
    replay,
    ranking: replay.ranking,
    seats: replay.results.map((r) => ({ seat: r.seat, faults: r.faults, forfeited: r.forfeited })),
    seed: replay.seed,
    versions: { engine: replay.engineVersion, ruleset: replay.rulesetVersion, protocol: '1' },
  });
  expect(out).toEqual({ stored: true });
  return id;
}

describe('replays stored by engine 1.0.0', () => {
  it('are served, verify, and give every seat what it was sent', { timeout: 60_000 }, async () => {
    for (const replay of engine1Replays()) {
      const id = await stored(replay);
      const full = await h.api<Replay>('GET', `/v1/matches/${id}/replay`);
      expect(full.status).toBe(200);
      expect(full.body.engineVersion).toBe('1.0.0');
      expect(verifyReplay(full.body)).toEqual({ ok: true });
      for (let seat = 0; seat < replay.players.length; seat++) {
        const mine = await h.api<SeatReplay>('GET', `/v1/matches/${id}/replay?seat=${seat}`);
        expect(mine.status, mine.text).toBe(200);
        expect(SeatReplay.parse(mine.body)).toEqual(mine.body);
        expect(mine.body.engineVersion).toBe('1.0.0');
        expect(hiddenInfoLeaks(mine.body, seat)).toEqual([]);
      }
    }
  });

  it('a stored replay of an unknown engine version is a clear 409, never a 500', async () => {
    const [replay] = engine1Replays();
    const id = await stored({ ...replay!, engineVersion: '0.9.0' });
    const res = await h.api('GET', `/v1/matches/${id}/replay?seat=1`);
    expect(res.status).toBe(409);
    expect(res.body).toEqual({
      error: {
        code: 'unknown_engine_version',
        message: 'unknown engine version "0.9.0": this engine re-runs 1.0.0, 2.0.0',
      },
    });
  });
});
