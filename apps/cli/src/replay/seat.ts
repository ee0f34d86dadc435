import type { Action, GameEvent } from '@coup/engine';
import { describeAction, describeEvent, roleName } from '@coup/protocol';
import type { SeatReplay, Who } from '@coup/protocol';
import { describeRanking, formatMs, playerNamer } from './format.ts';
import { llmSummary } from './llm-summary.ts';

type SeatDecision = SeatReplay['decisions'][number];

// One seat's replay: only what that seat was sent (its requests, built exactly as during the match) and
// the events as it saw them (other seats' hidden cards redacted), interleaved in the order it saw them.

function you(d: SeatDecision): string {
  const y = d.request.state.you;
  if (!y) return '';
  const cards = y.cards.map((c) => (c.revealed ? `(${roleName(c.role)} revealed)` : roleName(c.role)));
  const drawn = y.drawn?.length ? `, drawn ${y.drawn.map(roleName).join('+')}` : '';
  return `${y.coins} coins, ${cards.join(' ')}${drawn}`;
}

/** An action of this request, with the roles behind a return_cards' indices. */
function option(a: Action, d: SeatDecision, who: Who): string {
  const y = d.request.state.you;
  if (a.type !== 'return_cards' || !y || !a.data?.return_indices) return describeAction(a, who);
  // Indices count the face-down cards in slot order, then the drawn ones (RULES.md).
  const pool = [...y.cards.filter((c) => !c.revealed).map((c) => c.role), ...(y.drawn ?? [])];
  return `return ${a.data.return_indices.map((i) => roleName(pool[i])).join('+')}`;
}

export function renderSeatReplay(sr: SeatReplay, prompts: boolean): string[] {
  const who = playerNamer(sr.players, sr.seat);
  const out: string[] = [];
  const me = sr.players.find((p) => p.seat === sr.seat)?.name ?? '?';
  const game = sr.ruleset ?? 'original';
  out.push(
    `Match ${sr.matchId} as seen by seat ${sr.seat} (${me}), ${sr.players.length} players, game ${game}`,
  );
  out.push(`seed commitment ${sr.seedCommitment}; ${sr.timeoutMs} ms per decision`);

  let turn = -1;
  const header = (t: number, actor: number | null) => {
    if (t === turn) return;
    turn = t;
    out.push('', `Turn ${t}:${actor === null ? '' : ` ${who(actor)} to play`}`);
  };
  const print = (events: readonly GameEvent[]) => {
    for (const e of events) {
      header(e.turn, e.type === 'turn_started' || e.type === 'declared' ? e.seat : null);
      if (e.type !== 'turn_started') out.push(`  ${describeEvent(e, who)}`);
    }
  };

  let cursor = 0;
  for (const d of sr.decisions) {
    const upTo = d.request.history.length;
    print(sr.events.slice(cursor, upTo));
    cursor = Math.max(cursor, upTo);
    header(d.request.state.turn, d.request.state.activeSeat);
    out.push(`  > asked (${d.request.phase}, ${d.request.decisionId}): ${you(d)}`);
    if (prompts) {
      for (const line of (d.request.prompt ?? '').split('\n')) out.push(`      | ${line}`);
    } else {
      out.push(`      options: ${d.request.legalActions.map((a) => option(a, d, who)).join(' | ')}`);
    }
    const latency = formatMs(d.latencyMs);
    if (d.fault) {
      const sent =
        d.answer === null || d.answer === undefined ? 'no usable answer' : JSON.stringify(d.answer);
      out.push(`      ! fault (${d.fault.reason}) after ${latency}: ${d.fault.message} [sent: ${sent}]`);
      out.push(`      played the default: ${d.applied ? option(d.applied, d, who) : 'nothing'}`);
    } else if (d.unused) {
      out.push(`      not needed any more (${latency}): the window closed before this answer counted`);
    } else {
      out.push(`      answered ${d.applied ? option(d.applied, d, who) : 'nothing'} in ${latency}`);
    }
    if (d.comment) out.push(`      comment: ${JSON.stringify(d.comment)}`);
    if (d.llm) {
      out.push(`      ${llmSummary(d.llm)}`);
      // With --prompts, what the model answered too (each call: the first, retries, the corrective one).
      if (prompts) {
        for (const c of d.llm.calls) {
          out.push(
            `      model ${c.kind}: ${c.outcome}${c.status !== null ? ` ${c.status}` : ''}${c.error ? ` (${c.error})` : ''}`,
          );
          for (const line of (c.raw ?? '').split('\n').filter(Boolean)) out.push(`      < ${line}`);
        }
      }
    }
  }
  print(sr.events.slice(cursor));

  out.push('');
  const r = sr.result;
  const faults = r.faults === 1 ? '1 fault' : `${r.faults} faults`;
  out.push(`You finished in place ${r.place} with ${faults}${r.forfeited ? ' (forfeited)' : ''}.`);
  out.push(`Ranking: ${describeRanking(sr.end.ranking, who)}`);
  out.push(`Seed revealed at the end: ${JSON.stringify(sr.end.seed)}`);
  return out;
}
