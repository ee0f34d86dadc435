import type { Action, RulesetId } from '@coup/engine';
import type { DecisionRequest, SeatReplay } from '@coup/protocol';
import type { Who } from '@coup/protocol/describe';
import { h } from '../dom';
import { board, cardEl } from '../replay/board';
import type { BoardSeat } from '../replay/board';
import { describeEvent } from '../replay/describe';
import { seatModel } from '../replay/seat-view';
import { answerLabel } from './labels';

// What a person sees of one decision request: their hand, every seat's coins and revealed cards, the
// history in words, and the legal answers as buttons (the first nine with a number key).

/** History entries shown (the latest); a long match keeps its start in the replay. */
const MAX_LOG = 300;

export function handView(req: DecisionRequest): HTMLElement {
  const you = req.state.you;
  const drawn = you?.drawn ?? [];
  // The interrogator sees the card the interrogated seat showed it (interrogate_decide).
  const shown = you?.shown && req.phase === 'interrogate_decide' ? you.shown : null;
  return h(
    'section',
    { class: 'hand', 'aria-labelledby': 'h-hand' },
    h('h2', { id: 'h-hand' }, 'Your cards'),
    h(
      'ul',
      { class: 'cards', 'aria-label': 'Your cards' },
      (you?.cards ?? []).map((c, i) => cardEl(c, i)),
    ),
    drawn.length > 0
      ? [
          h('h3', { class: 'small' }, 'Drawn from the deck'),
          h(
            'ul',
            { class: 'cards', 'aria-label': 'Drawn cards' },
            drawn.map((role) => cardEl({ role, revealed: false })),
          ),
        ]
      : null,
    shown
      ? [
          h(
            'h3',
            { class: 'small' },
            `Shown to you by ${req.state.players[req.state.pending?.target ?? -1]?.name ?? 'the interrogated seat'}`,
          ),
          h(
            'ul',
            { class: 'cards shown', 'aria-label': 'Card shown to you' },
            cardEl({ role: shown, revealed: false }),
          ),
        ]
      : null,
    h(
      'p',
      { class: 'coins' },
      h('span', { class: 'coin', 'aria-hidden': 'true' }),
      `${you?.coins ?? 0} coins`,
    ),
  );
}

export function boardView(req: DecisionRequest): HTMLElement {
  const s = req.state;
  const seats: BoardSeat[] = s.players.map((p) => ({
    seat: p.seat,
    name: p.name,
    coins: p.coins,
    cards:
      p.seat === req.seat && s.you
        ? s.you.cards.map((c) => ({ role: c.role, revealed: c.revealed }))
        : [
            ...p.revealed.map((role) => ({ role, revealed: true })),
            ...Array.from({ length: p.faceDown }, () => ({ role: null, revealed: false })),
          ],
    eliminated: p.eliminated,
    active: s.activeSeat === p.seat,
    you: p.seat === req.seat,
    youLabel: 'you',
    slots: p.seat === req.seat,
  }));
  return board(seats, `The table at turn ${s.turn}`);
}

export function historyView(req: DecisionRequest, who: Who): HTMLElement[] {
  return req.history
    .slice(-MAX_LOG)
    .map((e) => h('li', { class: `ev ev-${e.event}` }, describeEvent(e, who)));
}

export function answerButtons(
  req: DecisionRequest,
  who: Who,
  ruleset: RulesetId,
  onAnswer: (a: Action, label: string) => void,
): HTMLButtonElement[] {
  return req.legalActions.map((a, i) => {
    const label = answerLabel(a as Action, req, who, ruleset);
    const key = i < 9 ? String(i + 1) : null;
    return h(
      'button',
      {
        type: 'button',
        class: `button answer answer-${a.type}`,
        'data-action': JSON.stringify(a),
        'aria-keyshortcuts': key,
        onclick: () => onAnswer(a as Action, label),
      },
      key ? h('kbd', { 'aria-hidden': 'true' }, key) : null,
      label,
    );
  });
}

/**
 * The table as it ended, from the seat's replay (the last request was sent before the last moves): the
 * final board, the seat's cards and every event, in the seat's words.
 */
export function finalView(
  r: SeatReplay,
  who: Who,
): { hand: HTMLElement; board: HTMLElement; log: HTMLElement[] } {
  const model = seatModel(r);
  const last = model.frames[model.frames.length - 1];
  const seats = (last?.seats ?? []).map((s) => ({
    ...s,
    name: model.names[s.seat] ?? `seat ${s.seat}`,
    you: s.seat === r.seat,
    youLabel: 'you',
    slots: s.seat === r.seat,
  }));
  const mine = seats.find((s) => s.seat === r.seat);
  return {
    hand: h(
      'section',
      { class: 'hand', 'aria-labelledby': 'h-hand' },
      h('h2', { id: 'h-hand' }, 'Your cards'),
      h(
        'ul',
        { class: 'cards', 'aria-label': 'Your cards' },
        (mine?.cards ?? []).map((c, i) => cardEl(c, i)),
      ),
    ),
    board: board(seats, 'The table at the end'),
    log: r.events.slice(-MAX_LOG).map((e) => h('li', { class: `ev ev-${e.type}` }, describeEvent(e, who))),
  };
}
