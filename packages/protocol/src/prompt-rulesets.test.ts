import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { describeAction, describeEvent, seatNamer } from './describe';
import type { DecisionRequest } from './messages';
import { renderPrompt } from './prompt';
import { rulesetOfRequest } from './request-ruleset';

// The prompt and the describer in the Inquisitor game: its roles, its exchange of one card and the two
// phases of an interrogation, read from the ruleset the request shows (the original game's prompts are
// the golden fixtures' and do not change).

const DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
const fixture = (name: string) =>
  JSON.parse(readFileSync(`${DIR}inquisitors-decision-${name}.json`, 'utf8')) as DecisionRequest;
const prompt = (name: string) => renderPrompt(fixture(name));

describe('the prompt of an Inquisitor game', () => {
  it('is told by each request which game it is', () => {
    for (const name of ['interrogate_show', 'interrogate_decide', 'exchange_return', 'action', 'block'])
      expect(rulesetOfRequest(fixture(name)).rules.id, name).toBe('inquisitors');
    const original = JSON.parse(readFileSync(`${DIR}decision-action.json`, 'utf8')) as DecisionRequest;
    expect(rulesetOfRequest(original).rules.id).toBe('original');
  });

  it("counts the game's own roles, the inquisitor instead of the ambassador", () => {
    const text = prompt('action');
    expect(text).toContain('Inquisitor 0/3');
    expect(text).not.toContain('Ambassador');
    expect(text).toContain('exchange (claim Inquisitor; draw 1, return 1)');
    expect(text).toMatch(/interrogate seat \d \(claim Inquisitor; it shows you one of its cards/);
  });

  it('asks the interrogated seat to show a card, naming each of its cards', () => {
    const text = prompt('interrogate_show');
    expect(text).toContain('seat 0 interrogates you: show it one of your face-down cards');
    expect(text).toContain('- show your Captain (slot 0): {"type":"show_card","data":{"card_index":0}}');
    expect(text).toContain('- show your Contessa (slot 1): {"type":"show_card","data":{"card_index":1}}');
  });

  it('tells the interrogator the card it saw and its two choices', () => {
    const text = prompt('interrogate_decide');
    expect(text).toContain('seat 1 showed you its Contessa');
    expect(text).toContain('- let seat 1 keep its Contessa: {"type":"allow"}');
    expect(text).toContain('- make seat 1 exchange its Contessa with the deck: {"type":"force_exchange"}');
    expect(text).toContain('seat 1 showed Contessa to you (seat 0)');
  });

  it('returns one card after the exchange of one', () => {
    const text = prompt('exchange_return');
    expect(text).toContain('choose 1 card to return to the deck');
    expect(text).toContain('declared exchange 1 card with the deck claiming Inquisitor');
  });

  it('offers the block of a steal claiming the inquisitor', () => {
    expect(prompt('block')).toContain(
      '- block claiming Inquisitor: {"type":"block","data":{"role":"inquisitor"}}',
    );
  });
});

describe('the describer of an interrogation', () => {
  const who = seatNamer(['asker', 'asked', 'third']);
  it('says what each seat may know of it', () => {
    const shown = { type: 'interrogation_shown', turn: 0, seat: 1, interrogator: 0 } as const;
    expect(describeEvent(shown, who)).toBe('seat 1 (asked) showed a card to seat 0 (asker)');
    expect(describeEvent({ ...shown, role: 'duke' }, who)).toBe(
      'seat 1 (asked) showed Duke to seat 0 (asker)',
    );
    const decided = { type: 'interrogation_decided', turn: 0, seat: 0, target: 1, forced: true } as const;
    expect(describeEvent(decided, who)).toBe(
      'seat 0 (asker) made seat 1 (asked) exchange the shown card with the deck',
    );
    expect(describeEvent({ ...decided, role: 'duke', slot: 0, replacement: 'captain' }, who)).toBe(
      'seat 0 (asker) made seat 1 (asked) exchange its Duke with the deck (it drew Captain)',
    );
    expect(describeEvent({ ...decided, forced: false }, who)).toBe(
      'seat 0 (asker) let seat 1 (asked) keep the shown card',
    );
    expect(describeAction({ type: 'interrogate', data: { target: 2 } }, who)).toBe(
      'interrogate seat 2 (third)',
    );
    expect(describeAction({ type: 'force_exchange' }, who)).toBe('force an exchange');
  });

  it('still words an event type it does not know, from the wire', () => {
    expect(describeEvent({ event: 'future_thing', turn: 3, seat: 2 }, who)).toBe(
      'seat 2 (third) future_thing',
    );
  });
});
