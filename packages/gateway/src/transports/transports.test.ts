import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { encryptSecret } from '@coup/db';
import type { Agent } from '@coup/db';
import type { DecisionRequest } from '@coup/protocol';
import { runMatch } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import { createTransports } from './index';

// Which requests each kind of player gets (PROTOCOL.md "History modes"): house bots play from deltas
// without a prompt ever being built; an http agent gets what it registered.

const row = (over: Partial<Agent>): Agent =>
  ({
    id: 'ag_x',
    name: 'x',
    transport: 'http',
    endpointUrl: null,
    isHouse: false,
    historyMode: 'delta',
    wantsPrompt: true,
    secretEnc: encryptSecret('s'),
    ...over,
  }) as Agent;

const transports = createTransports({
  wsAgent: () => {
    throw new Error('no ws agents here');
  },
  agentAddresses: 'private',
});

/** The player, recording every request it is sent. */
function recording(player: MatchAgent, seen: DecisionRequest[]): MatchAgent {
  const decide = player.decide.bind(player);
  return {
    ...player,
    decide: (req, signal, report) => {
      seen.push(req);
      return decide(req, signal, report);
    },
  };
}

describe('transports', () => {
  it('house bots get delta requests without a prompt, and play as they did with whole histories', async () => {
    const kinds = ['heuristic', 'honest', 'random', 'heuristic'];
    const play = async (wire: boolean) => {
      const seen: DecisionRequest[][] = kinds.map(() => []);
      const agents = kinds.map((kind, seat) => {
        const p = transports.forAgent(
          row({ id: `ag_${seat}`, name: `${kind}-${seat}`, isHouse: true, endpointUrl: `bot:${kind}` }),
          { seed: 'transports-seed' },
        );
        if (!wire) delete p.wire;
        return recording(p, seen[seat] as DecisionRequest[]);
      });
      const replay = await runMatch({ matchId: 'mt_house', seed: 'transports-seed', agents });
      return { replay, seen };
    };
    const delta = await play(true);
    for (const reqs of delta.seen) {
      expect(reqs.length).toBeGreaterThan(0);
      for (const r of reqs) {
        expect(r.protocol).toBe(2);
        expect(r).not.toHaveProperty('prompt');
      }
      expect(reqs.some((r) => (r.historyFrom ?? 0) > 0)).toBe(true);
    }
    // The same bots on protocol 1 (whole histories) make the same decisions.
    const whole = await play(false);
    expect(whole.seen[0]?.[0]?.protocol).toBe(1);
    expect(delta.replay.events).toEqual(whole.replay.events);
  });

  it('plays the new house kinds (search levels, people) in-process, without a fault', async () => {
    const kinds = ['search-1', 'people', 'search-2', 'search-1'];
    const agents = kinds.map((kind, seat) =>
      transports.forAgent(row({ id: `ag_${seat}`, name: kind, isHouse: true, endpointUrl: `bot:${kind}` }), {
        seed: 'house-kinds',
      }),
    );
    const replay = await runMatch({ matchId: 'mt_kinds', seed: 'house-kinds', agents, timeoutMs: 5000 });
    expect(replay.ranking.flat().sort()).toEqual([0, 1, 2, 3]);
    // No seat faulted: every answer was legal and in time.
    expect(replay.results.map((r) => r.faults)).toEqual([0, 0, 0, 0]);
  }, 60_000);

  it("reuses an http agent's connections from one match to the next", async () => {
    let connections = 0;
    const server = createServer((req, res) => {
      let raw = '';
      req.on('data', (c: Buffer) => (raw += c.toString()));
      req.on('end', () => {
        const body = raw ? (JSON.parse(raw) as { legalActions?: unknown[] }) : {};
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body.legalActions ? { action: body.legalActions[0] } : { ok: true }));
      });
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const t = createTransports({ wsAgent: () => ({}) as MatchAgent, agentAddresses: 'private' });
    try {
      const perMatch: number[] = [];
      for (const i of [0, 1, 2]) {
        const before = connections;
        const agents = [
          t.forAgent(row({ id: 'ag_http', endpointUrl: url, secretEnc: encryptSecret('s') })),
          t.forAgent(row({ id: 'ag_bot', isHouse: true, endpointUrl: 'bot:random' }), { seed: `p${i}` }),
        ];
        await runMatch({ matchId: `mt_pool${i}`, seed: `pool-${i}`, agents });
        await Promise.all(agents.map((a) => a.close?.()));
        perMatch.push(connections - before);
      }
      expect(perMatch[0]).toBeGreaterThan(0);
      // The later matches find the connections open (none was aborted: this agent answers at once).
      expect(perMatch.slice(1)).toEqual([0, 0]);
    } finally {
      await t.close();
      server.close();
    }
  });

  it('an http agent gets the history mode and prompt preference it registered', () => {
    const http = (historyMode: 'delta' | 'full', wantsPrompt: boolean) =>
      transports.forAgent(row({ endpointUrl: 'http://127.0.0.1:9', historyMode, wantsPrompt }));
    expect(http('delta', false).wire).toEqual({ historyMode: 'delta', wantsPrompt: false });
    expect(http('full', true).wire).toEqual({ historyMode: 'full', wantsPrompt: true });
  });
});
