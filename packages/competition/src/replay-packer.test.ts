import { Worker } from 'node:worker_threads';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { packedFormat, packReplay, unpackReplay } from '@coup/db';
import { compactReplayCodec } from '@coup/protocol';
import { seededPicker } from '@coup/random';
import type { DecisionRequest, Replay } from '@coup/protocol';
import { AgentFault, inProcessAgent, runMatch } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import { randomAgent } from '@coup/runner/testing';
import { replayPacker, startPackThread } from './replay-packer';

// Replays packed on the packing threads (replay-packer.ts), for matches the real runner plays: exactly the
// bytes packReplay(replay, compactReplayCodec) gives on the event loop, whatever the thread does (dies
// mid-packing, cannot start, answers an error), and in full when the codec cannot describe the replay.

/** Comments on its own turns, as some agents explain themselves (kept raw in the compact form). */
function commenting(name: string, seed: number): MatchAgent {
  const pick = seededPicker(seed);
  return inProcessAgent(name, (req: DecisionRequest) => {
    const action = req.legalActions[pick(req.legalActions.length)];
    return req.phase === 'action' ? { action, comment: `${name}: ${req.phase} ✓` } : { action };
  });
}

/** Faults (an illegal action, a throw, a transport fault) on every other decision. */
function faulty(name: string, seed: number): MatchAgent {
  const random = randomAgent(name, seed);
  let n = 0;
  return {
    name,
    decide: async (req, signal) => {
      n++;
      if (n % 6 === 1) return { action: { type: 'fly' } };
      if (n % 6 === 3) throw new Error('boom');
      if (n % 6 === 5) throw new AgentFault('transport_error', 'connection reset');
      return random.decide(req, signal);
    },
  };
}

const replays: Replay[] = [];

beforeAll(async () => {
  for (let k = 0; k < 6; k++) {
    const seats = [4, 2, 6][k % 3]!;
    const agents = Array.from({ length: seats }, (_, s) =>
      s === 1 ? commenting(`c${s}`, k * 10 + s) : s === 2 ? faulty(`f${s}`, k) : randomAgent(`r${s}`, k + s),
    );
    replays.push(
      await runMatch({
        matchId: `mt_pack${k}`,
        seed: `pack-seed-${k}`,
        ruleset: k % 2 ? 'inquisitors' : 'original',
        agents,
        timeoutMs: 1000,
        replayUrl: `http://localhost/v1/matches/mt_pack${k}/replay`,
      }),
    );
  }
}, 60_000);

const onLoop = (r: unknown) => packReplay(r, compactReplayCodec);
const same = (a: Buffer, b: Buffer) => Buffer.compare(a, b) === 0;

describe('replays packed on threads', () => {
  const packer = replayPacker(2);
  afterAll(() => packer.close());

  it("gives packReplay's bytes for played matches (compact, reading back as the JSON text)", async () => {
    const packed = await Promise.all(replays.map((r) => packer.pack(r)));
    packed.forEach((bytes, i) => {
      expect(same(bytes, onLoop(replays[i]))).toBe(true);
      expect(packedFormat(bytes)).toBe(2);
      expect(unpackReplay(bytes, compactReplayCodec)).toBe(JSON.stringify(replays[i]));
    });
  });

  it('stores in full what the codec cannot describe, and refuses what is not JSON, as on the loop', async () => {
    const unknownEngine = { ...replays[0]!, engineVersion: '0.0.0-nowhere' };
    for (const r of [unknownEngine, { not: 'a replay' }]) {
      const bytes = await packer.pack(r);
      expect(packedFormat(bytes)).toBe(1);
      expect(same(bytes, onLoop(r))).toBe(true);
    }
    await expect(packer.pack(undefined)).rejects.toThrow(/not JSON-serialisable/);
  });
});

describe('when a thread fails, replays are packed on the event loop', () => {
  /** A thread that takes requests and never answers. */
  const silent = () => new Worker('setInterval(() => {}, 1000);', { eval: true });

  it('a thread killed mid-packing: same bytes, and a new thread takes the next replays', async () => {
    const started: Worker[] = [];
    const log: string[] = [];
    let real = false;
    const packer = replayPacker(1, {
      restartMs: 0,
      log: (msg) => log.push(msg),
      startThread: () => {
        const w = real ? startPackThread() : silent();
        started.push(w);
        return w;
      },
    });
    try {
      const waiting = replays.slice(0, 3).map((r) => packer.pack(r));
      await new Promise((r) => setTimeout(r, 50));
      real = true;
      await started[0]!.terminate();
      (await Promise.all(waiting)).forEach((b, i) => expect(same(b, onLoop(replays[i]))).toBe(true));
      expect(log).toEqual(['replay packing thread failed: packing on the event loop']);
      expect(same(await packer.pack(replays[3]), onLoop(replays[3]))).toBe(true);
      expect(started).toHaveLength(2);
    } finally {
      await packer.close();
    }
  }, 30_000);

  it('a thread that does not answer in time: terminated, the replays packed on the loop', async () => {
    const started: Worker[] = [];
    const log: string[] = [];
    const packer = replayPacker(1, {
      answerMs: 200,
      log: (msg) => log.push(msg),
      startThread: () => {
        const w = silent();
        started.push(w);
        return w;
      },
    });
    try {
      const bytes = await Promise.all(replays.slice(0, 2).map((r) => packer.pack(r)));
      bytes.forEach((b, i) => expect(same(b, onLoop(replays[i]))).toBe(true));
      expect(log).toEqual(['replay packing thread failed: packing on the event loop']);
      expect(started).toHaveLength(1);
      // Terminated (its threadId is -1 once it has exited).
      const thread = started[0]!;
      if (thread.threadId !== -1) await new Promise((r) => thread.once('exit', r));
      expect(thread.threadId).toBe(-1);
    } finally {
      await packer.close();
    }
  }, 30_000);

  it('a thread that cannot start, or answers an error: same bytes; none restarted before restartMs', async () => {
    const failing = [
      () => new Worker('throw new Error("cannot start")', { eval: true }),
      () => {
        throw new Error('no threads here');
      },
      () =>
        new Worker(
          `const { parentPort } = require('node:worker_threads');
           parentPort.on('message', (m) => parentPort.postMessage({ id: m.id, error: 'out of memory' }));`,
          { eval: true },
        ),
    ];
    for (const startThread of failing) {
      let starts = 0;
      const packer = replayPacker(1, {
        startThread: () => {
          starts++;
          return startThread();
        },
      });
      try {
        for (const r of replays.slice(0, 2)) expect(same(await packer.pack(r), onLoop(r))).toBe(true);
        // The thread that answers errors is kept; the others are not started again within RESTART_MS.
        expect(starts).toBe(1);
      } finally {
        await packer.close();
      }
    }
  }, 30_000);

  it('after close, packs on the event loop', async () => {
    const packer = replayPacker(1);
    expect(same(await packer.pack(replays[0]), onLoop(replays[0]))).toBe(true);
    await packer.close();
    expect(same(await packer.pack(replays[1]), onLoop(replays[1]))).toBe(true);
  }, 30_000);
});
