import { isDeepStrictEqual } from 'node:util';
import { defaultAction, isOver, legalActions, matchLegal, ranking } from '@coup/engine';
import type { GameEvent, GameState } from '@coup/engine';
import {
  Replay,
  ReplayRerunError,
  parseDecisionId,
  placeOf,
  replayStart,
  replaySteps,
  seedCommitment,
} from '@coup/protocol';
import { MAX_FAULTS } from './match';

export type VerifyResult = { ok: true } | { ok: false; error: string; at: string };

const bad = (at: string, error: string): VerifyResult => ({ ok: false, error, at });

/**
 * Re-runs the engine (replaySteps: as the version that recorded the replay played) from the seed (or setup) and the
 * recorded steps, and checks that the replay is what that re-run produces: the seed commitment, every
 * applied action (legal, equal to the agent's answer or to the default action after a fault), every
 * event, the ranking and each seat's result.
 */
export function verifyReplay(input: unknown): VerifyResult {
  const parsed = Replay.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return bad(issue?.path.join('.') || 'replay', `not a replay: ${issue?.message ?? 'invalid'}`);
  }
  const r = parsed.data;
  if (seedCommitment(r.seed) !== r.seedCommitment) return bad('seedCommitment', 'sha256(seed) differs');
  const n = r.players.length;
  let state: GameState;
  try {
    // Every known engine version re-runs as it played (its seeding included): old replays still verify.
    state = replayStart(r);
  } catch (err) {
    if (err instanceof ReplayRerunError) return bad(err.at, err.message);
    throw err;
  }
  const misplaced = r.players.findIndex((p, i) => p.seat !== i);
  if (misplaced >= 0) return bad(`players[${misplaced}]`, 'players must be listed in seat order');
  const states: GameState[] = [state];
  const events: GameEvent[] = [];
  const faults = new Array<number>(n).fill(0);
  const forfeited = new Array<boolean>(n).fill(false);
  let attempt: number | null | undefined;

  // Each step is checked against the state it met (run.before) before its re-run result is used.
  for (const run of replaySteps(r, state)) {
    const { step, before } = run;
    const at = `steps[${run.index}]`;
    if (step.seat >= n) return bad(at, `seat ${step.seat} out of range`);
    if (step.kind === 'forfeit') {
      if (step.reason === 'too_many_faults' && faults[step.seat]! < MAX_FAULTS) {
        return bad(at, `seat ${step.seat} forfeited with ${faults[step.seat]} faults`);
      }
      forfeited[step.seat] = true;
    } else {
      const asked = states[step.stateIndex];
      if (!asked) return bad(at, `stateIndex ${step.stateIndex} is in the future`);
      const id = parseDecisionId(step.decisionId, r.matchId);
      if (!id) return bad(at, `decisionId ${step.decisionId} is not ${r.matchId}.a<attempt>.<round>.<seat>`);
      if (id.seat !== step.seat) return bad(at, 'decisionId names another seat');
      // One replay is one run: every decision id names the same attempt.
      if (attempt === undefined) attempt = id.attempt;
      else if (id.attempt !== attempt) return bad(at, 'decisionIds name different attempts of the match');
      if (asked.phase !== step.phase || asked.turn !== step.turn)
        return bad(at, 'phase or turn differs from the state asked');
      if (legalActions(asked, step.seat).length === 0)
        return bad(at, `seat ${step.seat} had nothing to decide`);
      if (step.unused) {
        if (step.applied !== null || step.fault !== null)
          return bad(at, 'an unused decision applied something');
        continue;
      }
      if (step.applied === null) return bad(at, 'no action applied');
      const legal = legalActions(before, step.seat);
      if (step.fault) {
        if (!isDeepStrictEqual(step.applied, defaultAction(before, step.seat))) {
          return bad(at, 'the action applied after a fault is not the default action');
        }
        if (step.fault.reason === 'illegal_action' && matchLegal(legal, step.answer) !== null) {
          return bad(at, 'a legal answer is recorded as an illegal_action fault');
        }
        faults[step.seat]!++;
      } else if (!isDeepStrictEqual(matchLegal(legal, step.answer), step.applied)) {
        return bad(at, "the action applied is not the agent's legal answer");
      }
      if (run.rejected) return bad(at, `engine rejects it: ${run.rejected.message}`);
    }
    state = run.after;
    events.push(...run.events);
    states.push(state);
  }

  if (!isOver(state)) return bad('steps', 'the game is not over after the last step');
  if (events.length !== r.events.length)
    return bad('events', `${r.events.length} events recorded, ${events.length} re-run`);
  for (let i = 0; i < events.length; i++) {
    if (!isDeepStrictEqual(events[i], r.events[i]))
      return bad(`events[${i}]`, 'event differs from the re-run');
  }
  const final = ranking(state);
  if (!isDeepStrictEqual(final, r.ranking)) return bad('ranking', 'ranking differs from the re-run');
  if (r.results.length !== n) return bad('results', `expected ${n} results`);
  for (let seat = 0; seat < n; seat++) {
    const want = { seat, place: placeOf(final, seat), faults: faults[seat], forfeited: forfeited[seat] };
    if (!isDeepStrictEqual(r.results[seat], want))
      return bad(`results[${seat}]`, 'result differs from the re-run');
  }
  return { ok: true };
}
