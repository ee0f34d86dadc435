import { h } from '../dom';
import { seatPanel } from '../replay/board';
import { stepper } from '../stepper';
import type { CardView } from '../replay/model';
import type { HumanGame, HumanTurn } from '../types';

// Stepping through a human game turn by turn, as the replay viewer does for matches (stepper.ts: buttons,
// a slider, the arrow, Home and End keys, the step kept in the URL as ?step=N). Each
// step shows the table as the turn started (every card: the archive records them all) and what happened
// in the turn; the last step shows the table at GAME_OVER and the winner.

type Player = HumanGame['players'][number];
type State = HumanTurn['states'][number];

const role = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

export const playerName = (p: Player | undefined, seat: number) =>
  !p ? `seat ${seat}` : p.human === false ? `computer (seat ${seat})` : (p.id ?? `seat ${seat} (id unknown)`);

function tableView(g: HumanGame, states: readonly State[], active: number | null, left: ReadonlySet<number>) {
  return h(
    'section',
    { class: 'board', 'aria-label': 'The table' },
    states.map((s, seat) => {
      const cards: CardView[] = s.influence.map((c) => ({
        role: c.role as CardView['role'],
        revealed: c.revealed,
      }));
      const out = s.influence.every((c) => c.revealed);
      const panel = seatPanel({
        seat,
        name: playerName(g.players[seat], seat),
        coins: s.cash,
        cards,
        eliminated: out,
        active: active === seat,
        activeLabel: 'acting',
      });
      if (left.has(seat))
        panel.querySelector('.seat-meta')?.append(h('span', { class: 'badge warn' }, 'left'));
      if (active === null && seat === g.winner) {
        panel.querySelector('.seat-meta')?.append(h('span', { class: 'badge ok' }, 'winner'));
      }
      return panel;
    }),
  );
}

/** What happened in a turn, in sentences. */
export function turnWords(g: HumanGame, t: HumanTurn): string[] {
  const n = (seat: number) => playerName(g.players[seat], seat);
  const out: string[] = [];
  for (const p of t.left) out.push(`${n(p)} left the game.`);
  const a = t.action;
  if (!a) {
    out.push(`${n(t.actor)} took no action.`);
    return out;
  }
  const target = a.target !== null ? ` on ${n(a.target)}` : '';
  const claim = a.claim ? ` claiming ${role(a.claim)}${a.bluff ? ' (a bluff)' : ' (true)'}` : '';
  out.push(`${n(t.actor)}: ${a.action}${target}${claim}.`);
  if (t.actionChallenge) {
    const c = t.actionChallenge;
    out.push(
      c.success
        ? `${n(c.challenger)} challenged and caught the bluff: ${n(t.actor)} loses a card.`
        : `${n(c.challenger)} challenged, but the claim was true: ${n(c.challenger)} loses a card.`,
    );
  }
  if (t.block) {
    const b = t.block;
    const who = b.player === null ? 'A player the archive does not name' : n(b.player);
    const bluff = b.bluff === null ? '' : b.bluff ? ' (a bluff)' : ' (true)';
    out.push(`${who} blocked with ${role(b.role)}${bluff}.`);
  }
  if (t.blockChallenge && t.block) {
    const c = t.blockChallenge;
    out.push(
      c.success
        ? `${n(c.challenger)} challenged the block and caught the bluff: ${t.block.player === null ? 'the blocker' : n(t.block.player)} loses a card.`
        : `${n(c.challenger)} challenged the block, but it was true: ${n(c.challenger)} loses a card.`,
    );
  }
  const outcome = {
    resolved: 'The action went through.',
    cancelled: 'The action was cancelled.',
    blocked: 'The action was blocked.',
    none: '',
  }[t.outcome];
  if (outcome) out.push(outcome);
  return out;
}

export function humanGameViewer(g: HumanGame, initialStep: number, signal: AbortSignal): HTMLElement {
  const turns = g.timeline.turns;
  const last = turns.length; // the extra last step: GAME_OVER
  const leftBy = (upTo: number) => new Set(turns.slice(0, upTo).flatMap((t) => t.left));

  function frame(i: number): HTMLElement {
    const t = turns[i];
    if (!t) {
      const n = playerName(g.players[g.winner], g.winner);
      return h(
        'div',
        { class: 'frame' },
        h('h3', { class: 'frame-title' }, `Game over: ${n} won`),
        g.final ? tableView(g, g.final, null, leftBy(turns.length)) : null,
      );
    }
    return h(
      'div',
      { class: 'frame' },
      h('h3', { class: 'frame-title' }, `Turn ${t.turn}: ${playerName(g.players[t.actor], t.actor)}`),
      tableView(g, t.states, t.actor, leftBy(i)),
      h(
        'section',
        { class: 'frame-events', 'aria-label': 'What happened' },
        h('h4', null, 'What happened'),
        h(
          'ol',
          { class: 'events' },
          turnWords(g, t).map((w) => h('li', { class: 'ev' }, w)),
        ),
      ),
    );
  }

  return stepper({
    last,
    initialStep,
    signal,
    id: 'human-step',
    label: 'Human game viewer',
    controlsLabel: 'Game controls',
    className: 'replay human-replay',
    describe: (step) =>
      step === last
        ? { valueText: 'game over', position: 'Game over' }
        : { valueText: `turn ${step + 1}`, position: `Turn ${step + 1}` },
    frame,
  });
}
