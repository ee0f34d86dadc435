import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { DecisionRequest, renderPrompt } from '@coup/protocol';
import type { Action } from '@coup/engine';
import { describeAction } from '@coup/protocol/describe';
import { answerLabel, namesFor } from './client/table/labels';

// One numbering of a hand's cards everywhere: a person's table names the card it would reveal by the same
// slot (from 0) as the prompt an agent is sent and the replay viewer's words for the same action.

const fixture = (name: string) =>
  DecisionRequest.parse(
    JSON.parse(
      readFileSync(
        fileURLToPath(new URL(`../../../packages/protocol/fixtures/${name}.json`, import.meta.url)),
        'utf8',
      ),
    ),
  );

describe('the table’s answer labels', () => {
  it('name the card to reveal by its slot, as the prompt and the replay do', () => {
    const req = fixture('decision-lose_influence');
    const who = namesFor(req);
    const prompt = renderPrompt(req);
    for (const a of req.legalActions as Action[]) {
      const slot = a.data?.card_index as number;
      const role = req.state.you?.cards[slot]?.role as string;
      const label = answerLabel(a, req, who);
      expect(label).toBe(`Lose your ${role.charAt(0).toUpperCase()}${role.slice(1)} (slot ${slot})`);
      expect(describeAction(a, who)).toBe(`reveal the card in slot ${slot}`);
      expect(prompt).toContain(`(slot ${slot})`);
    }
  });
});
