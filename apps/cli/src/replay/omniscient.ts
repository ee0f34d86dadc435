import type { GameEvent, GameState } from '@coup/engine';
import { describeAction, describeEvent, replayStart, replaySteps, roleName } from '@coup/protocol';
import type { Replay, Who } from '@coup/protocol';
import { describeRanking, formatMs, playerNamer } from './format.ts';
import { llmSummary } from './llm-summary.ts';

// The omniscient replay, turn by turn: the engine is re-run over the recorded steps so that every event
// is printed next to the decision that caused it (its latency, fault and comment) and every turn header
// can show coins and hidden cards.

function table(state: GameState, who: Who): string {
  return state.players
    .map((p, seat) => {
      if (p.eliminated) return `${who(seat)} out`;
      const down = p.cards.filter((c) => !c.revealed).map((c) => roleName(c.role));
      const lost = p.cards.filter((c) => c.revealed).map((c) => roleName(c.role));
      return `${who(seat)} ${p.coins}c ${down.join('+')}${lost.length ? ` (lost ${lost.join(', ')})` : ''}`;
    })
    .join(' | ');
}

function results(r: Replay, who: Who): string[] {
  const lines = [`Ranking: ${describeRanking(r.ranking, who)}`];
  for (const res of r.results) {
    const mine = r.steps.filter((s) => s.kind === 'decision' && s.seat === res.seat && !s.unused);
    const latencies = mine.map((s) => (s.kind === 'decision' ? s.latencyMs : 0)).sort((a, b) => a - b);
    const median = latencies[Math.floor((latencies.length - 1) / 2)];
    const extra = [
      `${mine.length} decisions`,
      median !== undefined ? `median ${formatMs(median)}` : null,
      `${res.faults} faults`,
      res.forfeited ? 'forfeited' : null,
    ].filter((x) => x !== null);
    lines.push(`  ${who(res.seat)}: place ${res.place} (${extra.join(', ')})`);
  }
  return lines;
}

export function renderReplay(r: Replay): string[] {
  const who = playerNamer(r.players);
  const out: string[] = [];
  const seconds = ((r.finishedAt - r.startedAt) / 1000).toFixed(1);
  // The game played: replays recorded before rulesets were named are `original` games.
  const game = r.ruleset ?? 'original';
  out.push(`Match ${r.matchId}, seed ${JSON.stringify(r.seed)}, ${r.players.length} players, game ${game}`);
  out.push(
    `engine ${r.engineVersion}, ruleset ${r.rulesetVersion}, protocol ${r.protocolVersion}; ` +
      `started ${new Date(r.startedAt).toISOString()}, ${seconds} s, ${r.timeoutMs} ms per decision`,
  );
  // Re-run as the engine version that recorded it played (its seeding included); an unknown one throws.
  const start = replayStart(r);
  let state = start;
  // The deal is the first turn header (coins and hidden cards of every seat).
  out.push(`deck after the deal: ${state.deck.length} cards`);

  let turn = -1;
  const header = (t: number, s: GameState) => {
    if (t === turn) return;
    turn = t;
    out.push('', `Turn ${t}: ${who(s.activeSeat)} to play | ${table(s, who)}`);
  };
  // A decision's own lines (its comment, its model calls) go right under the first event it caused: the
  // events after it can open the next turn, and lines printed after them read as that turn's.
  const print = (events: readonly GameEvent[], after: GameState, suffix: string, own: string[] = []) => {
    let first = true;
    for (const e of events) {
      header(e.turn, after);
      if (e.type === 'turn_started') continue;
      out.push(`  ${describeEvent(e, who)}${first ? suffix : ''}`);
      if (first) out.push(...own);
      first = false;
    }
    return !first;
  };

  header(state.turn, state);
  let cursor = 0;
  let unused = 0;
  for (const run of replaySteps(r, start)) {
    const { step, before } = run;
    if (run.rejected) {
      out.push(
        `  ! the replay stops re-running at steps[${run.index}]: ${run.rejected.message}; recorded events follow`,
      );
      break;
    }
    if (step.kind === 'decision' && !run.transition) {
      unused++;
      continue;
    }
    state = run.after;
    // The recorded events, cut where the re-run says this step's events end.
    const events = r.events.slice(cursor, cursor + run.events.length);
    cursor += run.events.length;
    if (step.kind === 'forfeit') {
      header(before.turn, before);
      out.push(`  ${who(step.seat)} is removed (${step.reason.replace(/_/g, ' ')})`);
      print(events, state, '');
      continue;
    }
    if (step.fault) {
      header(before.turn, before);
      out.push(
        `  ! ${who(step.seat)} fault (${step.fault.reason}): ${step.fault.message}; ` +
          `played the default: ${describeAction(step.applied, who)}`,
      );
    }
    const suffix = `  (${formatMs(step.latencyMs)})`;
    const own = [
      ...(step.comment ? [`    ${who(step.seat)} says: ${JSON.stringify(step.comment)}`] : []),
      ...(step.llm ? [`    ${who(step.seat)}: ${llmSummary(step.llm)}`] : []),
    ];
    if (!print(events, state, suffix, own)) {
      header(before.turn, before);
      out.push(`  ${who(step.seat)}: ${describeAction(step.applied, who)}${suffix}`, ...own);
    }
  }
  if (cursor < r.events.length) print(r.events.slice(cursor), state, '');

  out.push('');
  out.push(...results(r, who));
  if (unused > 0) out.push(`(${unused} requests were no longer needed when answered: not shown)`);
  return out;
}
