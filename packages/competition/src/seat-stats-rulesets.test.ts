import { describe, expect, it } from 'vitest';
import { INQUISITOR_HANDS_3, act, deckFor } from '@coup/engine/testing';
import type { Action } from '@coup/engine';
import type { DecisionRequest } from '@coup/protocol';
import { inProcessAgent, runMatch, verifyReplay } from '@coup/runner';
import { engine1Replays } from '@coup/runner/testing';
import { behaviour, emptyStats, seatStats, sumStats } from './seat-stats';
import type { SeatStats } from './seat-stats';

// Seat statistics read the claims of the match's ruleset: in the Inquisitor game an exchange and an
// interrogation claim the inquisitor, and a steal may be blocked with it. The match is played through the
// runner from a fixed deal, scenario style: each seat answers a script of (turn, phase) decisions, then
// only takes income or coups and passes, so no other claim is made.

/** seat 0: inquisitor+duke, seat 1: captain+contessa, seat 2: assassin+inquisitor; seat 1 draws a duke. */
const SETUP = {
  hands: INQUISITOR_HANDS_3.map((h) => [...h]),
  deck: deckFor(INQUISITOR_HANDS_3, ['duke'], 'inquisitors'),
  firstSeat: 0,
};

/** `turn:seat:phase` → the seat's answer. */
const SCRIPT: Record<string, Action> = {
  // Turn 0: seat 0 interrogates seat 1 (a true claim), which shows its contessa; seat 0 lets it keep it.
  '0:0:action': act.interrogate(1),
  '0:1:interrogate_show': act.showCard(1),
  '0:0:interrogate_decide': act.allow,
  // Turn 1: seat 1 exchanges (an inquisitor bluff), draws the duke and returns it.
  '1:1:action': act.exchange,
  '1:1:exchange_return': act.returnCard(2),
  // Turn 2: seat 2 steals from seat 0 (a captain bluff); seat 0 blocks with its inquisitor (true).
  '2:2:action': act.steal(0),
  '2:0:block': act.block('inquisitor'),
  // Turn 3: seat 0 interrogates seat 2; seat 1 challenges and loses; seat 2 shows its inquisitor, and
  // seat 0 forces an exchange.
  '3:0:action': act.interrogate(2),
  '3:1:challenge_action': act.challenge,
  '3:2:interrogate_show': act.showCard(1),
  '3:0:interrogate_decide': act.forceExchange,
};

const same = (a: Action, b: Action) => JSON.stringify(a) === JSON.stringify(b);

function scripted(req: DecisionRequest): { action: Action } {
  const legal = req.legalActions as Action[];
  const want = SCRIPT[`${req.state.turn}:${req.seat}:${req.phase}`];
  if (want) {
    const found = legal.find((a) => same(a, want));
    if (!found)
      throw new Error(`turn ${req.state.turn} seat ${req.seat}: ${JSON.stringify(want)} is not legal`);
    return { action: found };
  }
  const pick =
    legal.find((a) => a.type === 'coup') ??
    legal.find((a) => a.type === 'income') ??
    legal.find((a) => a.type === 'pass') ??
    (legal[0] as Action);
  return { action: pick };
}

async function inquisitorsMatch() {
  const replay = await runMatch({
    matchId: 'mt_stats_inq',
    seed: 'stats-inq',
    ruleset: 'inquisitors',
    setup: SETUP,
    agents: [0, 1, 2].map((s) => inProcessAgent(`s${s}`, scripted)),
  });
  expect(verifyReplay(replay)).toEqual({ ok: true });
  return replay;
}

describe('seatStats of an inquisitors match', () => {
  it('counts inquisitor claims and bluffs, the blocks with it, and interrogations', async () => {
    const replay = await inquisitorsMatch();
    const [s0, s1, s2] = seatStats(replay) as [SeatStats, SeatStats, SeatStats];
    // Seat 0: two interrogations and a block, all holding the inquisitor; it allowed once, forced once.
    expect(s0).toMatchObject({
      claims: 3,
      bluffs: 0,
      roleClaims: { inquisitor: 3 },
      roleBluffs: {},
      blocks: 1,
      interrogations: 2,
      interrogationDecisions: 2,
      forcedExchanges: 1,
    });
    // Seat 1: its exchange claimed the inquisitor (not the ambassador) without holding it; its challenge
    // of seat 0's interrogation lost.
    expect(s1).toMatchObject({
      claims: 1,
      bluffs: 1,
      roleClaims: { inquisitor: 1 },
      roleBluffs: { inquisitor: 1 },
      challenges: 1,
      challengesResolved: 1,
      challengesWon: 0,
      interrogations: 0,
      forcedExchanges: 0,
    });
    expect(s2).toMatchObject({
      claims: 1,
      bluffs: 1,
      roleClaims: { captain: 1 },
      roleBluffs: { captain: 1 },
    });
    for (const st of [s0, s1, s2]) expect(st.roleClaims?.ambassador).toBeUndefined();

    const b = behaviour(sumStats([s0, s1]), 'inquisitors');
    expect(b.bluffRateByRole).toEqual({
      duke: null,
      assassin: null,
      captain: null,
      inquisitor: 0.25,
      contessa: null,
    });
    expect(b).toMatchObject({ bluffRate: 0.25, interrogations: 2, forceExchangeRate: 0.5 });
  });

  it('gives original matches no interrogation counts, and their figures the original roles', () => {
    const [r] = engine1Replays();
    const stats = seatStats(r!);
    for (const st of stats) expect(st.interrogations).toBeUndefined();
    const b = behaviour(sumStats(stats));
    expect(Object.keys(b.bluffRateByRole)).toEqual(['duke', 'assassin', 'captain', 'ambassador', 'contessa']);
    expect(b).not.toHaveProperty('forceExchangeRate');
  });

  it('sums stats stored before per-role or interrogation counts with newer ones', async () => {
    const [s0] = seatStats(await inquisitorsMatch());
    // As stored before roles were counted: no roleClaims, roleBluffs or interrogation keys.
    const {
      roleClaims: _c,
      roleBluffs: _b,
      ...old
    } = { ...emptyStats(), claims: 2, bluffs: 1, decisions: 4 };
    const t = sumStats([old, s0!]);
    expect(t).toMatchObject({ claims: 5, bluffs: 1, roleClaims: { inquisitor: 3 }, interrogations: 2 });
    expect(sumStats([old])).not.toHaveProperty('interrogations');
  });
});
