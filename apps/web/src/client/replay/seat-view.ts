import { DEFAULT_RULESET } from '@coup/engine';
import type { SeatReplay } from '@coup/protocol';
import { foldFrames } from './fold';
import type { SyncPoint } from './fold';
import type { DecisionView, ReplayModel } from './model';
import { claimOf, heldFaceDown, markBluff } from './bluffs';
import type { BluffMarks } from './bluffs';

// One seat's replay (GET /v1/matches/:id/replay?seat=N): exactly what that seat was sent. Its own cards
// come from its decision requests; every other seat's face-down cards stay unknown.

export function seatModel(r: SeatReplay): ReplayModel {
  const players = [...r.players].sort((a, b) => a.seat - b.seat);
  const decisions: { turn: number; view: DecisionView }[] = [];
  const syncs: SyncPoint[] = [];
  const bluffs: BluffMarks = new Map();
  const ruleset = r.ruleset ?? DEFAULT_RULESET;
  for (const d of r.decisions) {
    const st = d.request.state;
    const view: DecisionView = {
      seat: r.seat,
      phase: d.request.phase,
      latencyMs: d.latencyMs,
      answer: d.answer,
      applied: d.applied,
      fault: d.fault,
      legalActions: d.request.legalActions,
      prompt: d.request.prompt,
    };
    if (d.comment !== undefined) view.comment = d.comment;
    if (d.unused) view.unused = true;
    if (d.llm) view.llm = d.llm;
    // Its own cards, as it was sent them, tell its own bluffs; other seats' stay unknown here.
    const claim = d.unused || d.fault ? null : claimOf(d.request.phase, d.applied, ruleset);
    if (claim && !heldFaceDown(st.you?.cards, claim)) {
      view.bluff = claim;
      markBluff(bluffs, r.events, d.request.history.length, r.seat, claim);
    }
    decisions.push({ turn: st.turn, view });
    const returnIndices = d.applied?.type === 'return_cards' ? d.applied.data?.return_indices : undefined;
    syncs.push({
      at: d.request.history.length,
      coins: st.players.map((p) => p.coins),
      eliminated: st.players.map((p) => p.eliminated),
      deckSize: st.deckSize,
      ...(st.you ? { own: st.you.cards } : {}),
      ...(st.you?.drawn ? { drawn: st.you.drawn } : {}),
      ...(returnIndices ? { returnIndices } : {}),
    });
  }
  const first = r.decisions.find((d) => d.request.state.turn === 0);
  return {
    viewer: r.seat,
    names: players.map((p) => p.name),
    agentIds: players.map((p) => p.agentId),
    frames: foldFrames({
      players: players.length,
      events: r.events,
      decisions,
      firstSeat: first ? first.request.state.activeSeat : null,
      viewer: r.seat,
      syncs,
    }),
    ranking: r.end.ranking,
    results: [r.result],
    seedCommitment: r.seedCommitment,
    seed: r.end.seed,
    engineVersion: r.engineVersion,
    rulesetVersion: r.rulesetVersion,
    ruleset,
    timeoutMs: r.timeoutMs,
    seatTimeoutMs: players.map((p) => p.timeoutMs),
    bluffs,
    startedAt: r.startedAt,
    finishedAt: r.finishedAt,
  };
}
