import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DecisionRequest } from '@coup/protocol';
import type { Action } from '@coup/engine';
import { answerLabel, namesFor, situation } from './client/table/labels';

// A person's table in the Inquisitor game (ruleset `inquisitors`): the golden requests of the protocol's
// fixtures, worded as the table shows them. What an action claims and how many cards an exchange draws
// come from the match's ruleset, so the same request reads differently by ruleset only where the rules do.

const fixture = (name: string) =>
  DecisionRequest.parse(
    JSON.parse(
      readFileSync(
        fileURLToPath(new URL(`../../../packages/protocol/fixtures/${name}.json`, import.meta.url)),
        'utf8',
      ),
    ),
  );

const labels = (name: string, ruleset: 'original' | 'inquisitors' = 'inquisitors') => {
  const req = fixture(name);
  const who = namesFor(req);
  return {
    situation: situation(req, who, ruleset),
    answers: (req.legalActions as Action[]).map((a) => answerLabel(a, req, who, ruleset)),
  };
};

describe('the table’s words in the Inquisitor game', () => {
  it('the interrogated seat is asked which card to show, each named by its slot', () => {
    expect(labels('inquisitors-decision-interrogate_show')).toEqual({
      situation: 'Seat 0 (asker) interrogates you: choose a card to show.',
      answers: ['Show your Captain (slot 0)', 'Show your Contessa (slot 1)'],
    });
  });

  it('the interrogator sees the shown card and lets it be kept or forces an exchange', () => {
    expect(labels('inquisitors-decision-interrogate_decide')).toEqual({
      situation: 'Seat 1 (asked) shows you a Contessa: let them keep it or force an exchange.',
      answers: ['Let seat 1 (asked) keep the Contessa', 'Force seat 1 (asked) to exchange the Contessa'],
    });
  });

  it('the exchange claims the inquisitor, draws 1 and returns 1; interrogate claims the inquisitor', () => {
    const turn = labels('inquisitors-decision-action');
    expect(turn.answers).toContain('Exchange 1 card with the deck, claiming Inquisitor');
    expect(turn.answers).toContain('Interrogate seat 0 (asker), claiming Inquisitor');
    expect(turn.answers).toContain('Steal up to 2 coins from seat 1 (asked), claiming Captain');

    const back = labels('inquisitors-decision-exchange_return');
    expect(back.situation).toBe('Exchange: choose the 1 card to return to the deck.');
    expect(back.answers).toEqual([
      'Return Captain, keep Duke + Contessa',
      'Return Duke, keep Captain + Contessa',
      'Return Contessa, keep Captain + Duke',
    ]);
  });

  it('a steal is blocked with the captain or the inquisitor', () => {
    expect(labels('inquisitors-decision-block').answers).toEqual([
      'Block, claiming Captain',
      'Block, claiming Inquisitor',
      'Pass (no block)',
    ]);
  });

  it('the original game still draws 2 with the ambassador', () => {
    const back = labels('decision-exchange_return', 'original');
    expect(back.situation).toBe('Exchange: choose the 2 cards to return to the deck.');
    const turn = labels('decision-action', 'original');
    expect(turn.answers).toContain('Exchange 2 cards with the deck, claiming Ambassador');
  });
});
