import { describe, expect, it } from 'vitest';
import { DecisionRequest } from '@coup/protocol';
import type { HistoryEntry, MatchEnd, MatchStart, WirePrefs } from '@coup/protocol';
import { seededPicker } from '@coup/random';
import type { MatchAgent } from './agent';
import { runMatch } from './run';

// History modes (PROTOCOL.md "History modes"): a delta seat gets the events since the last request it
// answered, with historyFrom; an answer with `"history": "full"` gets the whole history next time; a seat
// without preferences (protocol 1) gets exactly what it always did.

interface Seen {
  requests: DecisionRequest[];
  starts: MatchStart[];
  ends: MatchEnd[];
}

/** A random player (seeded by seat) that records what it is sent; `answer` may change its answer. */
function player(
  seat: number,
  seen: Seen,
  wire?: WirePrefs,
  answer?: (req: DecisionRequest, n: number) => Record<string, unknown> | 'sleep' | null,
): MatchAgent {
  const pick = seededPicker(seat + 40);
  return {
    name: `p${seat}`,
    wire,
    decide(req) {
      // Every request is what the wire schema allows (protocol 1 or 2).
      DecisionRequest.parse(JSON.parse(JSON.stringify(req)));
      seen.requests.push(req);
      const action = req.legalActions[pick(req.legalActions.length)];
      const custom = answer?.(req, seen.requests.length);
      if (custom === 'sleep') return new Promise(() => {}); // never answers: a timeout
      return Promise.resolve({ action, ...(custom ?? {}) });
    },
    start: async (msg) => {
      seen.starts.push(msg);
    },
    end: async (msg) => {
      seen.ends.push(msg);
    },
  };
}

const blank = (): Seen => ({ requests: [], starts: [], ends: [] });
const DELTA: WirePrefs = { historyMode: 'delta', wantsPrompt: false };
const DELTA_PROMPT: WirePrefs = { historyMode: 'delta', wantsPrompt: true };

async function play(wires: (WirePrefs | undefined)[], seen: Seen[], timeoutMs = 5000) {
  return runMatch({
    matchId: 'mt_delta',
    seed: 'delta-seed',
    agents: wires.map((w, seat) => player(seat, seen[seat] as Seen, w)),
    timeoutMs,
    // A fixed wall clock: the two runs' requests then have the same deadlines.
    clock: { now: () => 1_795_300_000_000, mono: () => performance.now() },
  });
}

/** Folds delta requests back into whole histories, checking each historyFrom leaves no gap. */
function accumulate(requests: DecisionRequest[]): HistoryEntry[][] {
  let known: HistoryEntry[] = [];
  return requests.map((r) => {
    const from = r.historyFrom ?? 0;
    expect(from).toBeLessThanOrEqual(known.length);
    known = [...known.slice(0, from), ...r.history];
    return known;
  });
}

describe('history modes', () => {
  it('sends a delta seat only the new events, which add up to the whole history; protocol 1 seats are unchanged', async () => {
    const full = [blank(), blank(), blank(), blank()];
    const fullReplay = await play([undefined, undefined, undefined, undefined], full);
    const mixed = [blank(), blank(), blank(), blank()];
    const mixedReplay = await play([undefined, DELTA, DELTA_PROMPT, undefined], mixed);
    // Same answers, same game.
    expect(mixedReplay.events).toEqual(fullReplay.events);

    for (const seat of [0, 3]) {
      const a = full[seat] as Seen;
      const b = mixed[seat] as Seen;
      expect(b.requests).toEqual(a.requests);
      for (const r of b.requests) {
        expect(r.protocol).toBe(1);
        expect(r).not.toHaveProperty('historyFrom');
        expect(typeof r.prompt).toBe('string');
      }
      expect(b.starts.map((m) => m.protocol)).toEqual([1]);
    }

    for (const seat of [1, 2]) {
      const a = full[seat] as Seen;
      const b = mixed[seat] as Seen;
      expect(b.requests).toHaveLength(a.requests.length);
      expect(accumulate(b.requests)).toEqual(a.requests.map((r) => r.history));
      let sent = 0;
      let whole = 0;
      b.requests.forEach((r, i) => {
        const before = a.requests[i] as DecisionRequest;
        expect(r.protocol).toBe(2);
        // Every answer arrived, so each request starts where the previous one ended.
        const previous = i === 0 ? 0 : (a.requests[i - 1] as DecisionRequest).history.length;
        expect(r.historyFrom).toBe(previous);
        // The prompt, when wanted, still describes the whole turn: the same text as protocol 1's.
        if (seat === 2) expect(r.prompt).toBe(before.prompt);
        else expect(r).not.toHaveProperty('prompt');
        const { history: _h, historyFrom: _f, prompt: _p, protocol: _v, ...rest } = r;
        const { history: _h2, prompt: _p2, protocol: _v2, ...restBefore } = before;
        expect(rest).toEqual(restBefore);
        sent += r.history.length;
        whole += before.history.length;
      });
      // Each event is sent about once instead of once per request.
      expect(sent).toBe((a.requests.at(-1) as DecisionRequest).history.length);
      expect(sent * 3).toBeLessThan(whole);
      expect(b.starts.map((m) => m.protocol)).toEqual([2]);
      expect(b.ends.map((m) => m.protocol)).toEqual([2]);
    }
  });

  it('sends the whole history after an answer with "history": "full"', async () => {
    const seen = [blank(), blank(), blank()];
    const agents = [
      player(0, seen[0] as Seen),
      player(1, seen[1] as Seen, DELTA, (_req, n) => (n === 3 ? { history: 'full' } : null)),
      player(2, seen[2] as Seen),
    ];
    await runMatch({ matchId: 'mt_full', seed: 'delta-seed', agents, timeoutMs: 5000 });
    const reqs = (seen[1] as Seen).requests;
    expect(reqs.length).toBeGreaterThan(5);
    expect((reqs[2] as DecisionRequest).historyFrom).toBeGreaterThan(0);
    const fourth = reqs[3] as DecisionRequest;
    expect(fourth.historyFrom).toBe(0);
    expect(fourth.history).toEqual(accumulate(reqs)[3]);
    // Then deltas again.
    expect((reqs[4] as DecisionRequest).historyFrom).toBe(fourth.history.length);
  });

  it('sends again the events of a request that was never answered', async () => {
    const seen = [blank(), blank()];
    const agents = [
      player(0, seen[0] as Seen),
      player(1, seen[1] as Seen, DELTA, (_req, n) => (n === 2 ? 'sleep' : null)),
    ];
    const replay = await runMatch({ matchId: 'mt_sleep', seed: 'delta-seed', agents, timeoutMs: 150 });
    expect(replay.steps.some((s) => s.kind === 'decision' && s.fault?.reason === 'timeout')).toBe(true);
    const reqs = (seen[1] as Seen).requests;
    const [first, second, third] = reqs as [DecisionRequest, DecisionRequest, DecisionRequest];
    expect(second.historyFrom).toBe(first.history.length);
    // The second request timed out: the third starts where the second did.
    expect(third.historyFrom).toBe(second.historyFrom);
    expect(third.history.slice(0, second.history.length)).toEqual(second.history);
    // Folded up, nothing is missing.
    const whole = accumulate(reqs).at(-1) as HistoryEntry[];
    expect(whole.length).toBe(
      (reqs.at(-1) as DecisionRequest).historyFrom! + (reqs.at(-1) as DecisionRequest).history.length,
    );
  });
});
