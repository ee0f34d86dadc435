import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { DecisionRequest, Answer, MatchStart, MatchEnd, ApiError } from './messages';
import { AgentMessage, ServerMessage } from './websocket';
import { Replay } from './replay';
import { SeatReplay, replayForSeat } from './replay-seat';
import { buildMatchEnd, buildMatchStart, seedCommitment } from './notifications';
import { renderPrompt } from './prompt';
import { DEADLINE, MATCH_ID, NAMES, SEED, TIMEOUT_MS, playScenario } from './fixtures.scenario';
import { playInquisitorScenario } from './fixtures-inquisitors.scenario';

// Golden fixtures: every message of PROTOCOL.md as JSON under packages/protocol/fixtures. Built ones
// are compared byte for byte (as parsed JSON) with what the builders produce; regenerate them only on
// purpose with UPDATE_GOLDEN=1. replay.json is produced by @coup/runner's golden test.

const DIR = fileURLToPath(new URL('../fixtures/', import.meta.url));
const read = (name: string): unknown => JSON.parse(readFileSync(`${DIR}${name}.json`, 'utf8'));

const PHASES = [
  'action',
  'challenge_action',
  'block',
  'challenge_block',
  'lose_influence',
  'exchange_return',
];

/** The Inquisitor game's requests (ruleset `inquisitors`): its new phases and answers. */
const INQUISITOR_REQUESTS = [
  'interrogate_show',
  'interrogate_decide',
  'exchange_return',
  'action',
  'block',
].map((p) => `inquisitors-decision-${p}`);

const SCHEMAS: Record<string, z.ZodType[]> = {
  ...Object.fromEntries(PHASES.map((p) => [`decision-${p}`, [DecisionRequest, ServerMessage]])),
  ...Object.fromEntries(INQUISITOR_REQUESTS.map((n) => [n, [DecisionRequest, ServerMessage]])),
  'decision-delta': [DecisionRequest, ServerMessage],
  answer: [Answer],
  'answer-targeted': [Answer],
  match_start: [MatchStart, ServerMessage],
  match_end: [MatchEnd, ServerMessage],
  'ws-welcome': [ServerMessage],
  'ws-error': [ServerMessage],
  'ws-answer': [AgentMessage],
  'api-error': [ApiError],
  replay: [Replay],
  'seat-replay': [SeatReplay],
};

function built(): Record<string, unknown> {
  const { requests } = playScenario();
  const out: Record<string, unknown> = { ...requests, ...playInquisitorScenario() };
  out.match_start = buildMatchStart({
    matchId: MATCH_ID,
    seat: 2,
    names: NAMES,
    seedCommitment: seedCommitment(SEED),
    ruleset: 'original',
    timeoutMs: TIMEOUT_MS,
  });
  out.match_end = buildMatchEnd({
    matchId: MATCH_ID,
    seat: 2,
    ranking: [[0], [2], [1]],
    seed: SEED,
    replayUrl: `https://coup.example/replays/${MATCH_ID}`,
  });
  out['seat-replay'] = replayForSeat(Replay.parse(read('replay')), 2);
  return JSON.parse(JSON.stringify(out)) as Record<string, unknown>;
}

describe('fixtures', () => {
  it('cover every file in fixtures/', () => {
    const files = readdirSync(DIR).filter((f) => f.endsWith('.json'));
    expect(files.map((f) => f.slice(0, -5)).sort()).toEqual(Object.keys(SCHEMAS).sort());
  });

  it.each(Object.keys(SCHEMAS))('%s parses with its schema, losing nothing', (name) => {
    const json = read(name);
    for (const schema of SCHEMAS[name]!) expect(schema.parse(json)).toEqual(json);
  });

  const golden = built();
  it.each(Object.keys(golden))('%s is exactly what the builder produces', (name) => {
    const file = `${DIR}${name}.json`;
    if (process.env.UPDATE_GOLDEN === '1') {
      writeFileSync(file, JSON.stringify(golden[name], null, 2) + '\n');
    }
    expect(golden[name]).toEqual(read(name));
  });
});

describe('decision request', () => {
  const load = () => read('decision-challenge_action') as DecisionRequest;

  it('keeps the PROTOCOL.md example shape', () => {
    const example = load();
    expect(Object.keys(example)).toEqual([
      'protocol',
      'type',
      'matchId',
      'decisionId',
      'seat',
      'phase',
      'deadline',
      'timeoutMs',
      'state',
      'history',
      'legalActions',
      'strategyPrompt',
      'prompt',
    ]);
    expect(example).toMatchObject({
      protocol: 1,
      type: 'decision',
      matchId: 'mt_8Zq1',
      seat: 2,
      phase: 'challenge_action',
      deadline: DEADLINE,
      timeoutMs: 5000,
      legalActions: [{ type: 'challenge' }, { type: 'pass' }],
    });
    expect(example.decisionId).toMatch(/^mt_8Zq1\.a1\.\d+\.2$/);
    expect(example.state).toMatchObject({
      turn: 7,
      activeSeat: 0,
      deckSize: 9,
      you: {
        seat: 2,
        coins: 3,
        cards: [
          { role: 'duke', revealed: false },
          { role: 'contessa', revealed: true },
        ],
      },
      players: [
        { seat: 0, name: 'sharp-bot', coins: 4, faceDown: 2, revealed: [], eliminated: false },
        // In ROLES order: seat 1 lost its Captain first, from slot 0, but slots are its own business.
        { seat: 1, name: 'llm-7', coins: 0, faceDown: 0, revealed: ['duke', 'captain'], eliminated: true },
        { seat: 2, name: 'you', coins: 3, faceDown: 1, revealed: ['contessa'], eliminated: false },
      ],
      pending: { action: 'steal', actor: 0, target: 2, claim: 'captain', blocker: null, blockRole: null },
    });
    expect(Object.keys(example.state.players[0]!)).toEqual([
      'seat',
      'name',
      'coins',
      'faceDown',
      'revealed',
      'eliminated',
    ]);
    expect(example.history.at(-1)).toEqual({
      event: 'declared',
      turn: 7,
      seat: 0,
      action: 'steal',
      target: 2,
      claim: 'captain',
      cost: 0,
    });
  });

  it('renders a deterministic prompt with the facts and the legal answers in words and JSON', () => {
    const { prompt, ...rest } = load();
    expect(renderPrompt(rest)).toBe(prompt);
    for (const fact of [
      'turn 7',
      'You are seat 2',
      '3 coins',
      'face-down: Duke',
      'revealed: Contessa',
      '- seat 0: 4 coins, 2 face-down',
      '- seat 1: eliminated; revealed Duke, Captain',
      '- seat 2 (you): 3 coins, 1 face-down; revealed Contessa',
      'claims Captain to steal up to 2 coins from you',
      'Captain 1/3',
      'challenge the Captain claim of seat 0: {"type":"challenge"}',
      '- pass: {"type":"pass"}',
    ]) {
      expect(prompt).toContain(fact);
    }
  });

  it("names seats by number only: no agent's name (text another user chose) is in any prompt", () => {
    for (const phase of PHASES) {
      const { prompt } = read(`decision-${phase}`) as DecisionRequest;
      // (Seat 2 of the fixtures is named "you", a word every prompt has.)
      for (const name of ['sharp-bot', 'llm-7']) expect(prompt, phase).not.toContain(name);
      expect(NAMES).toContain('llm-7');
    }
  });

  it("carries slots in the seat's own events only", () => {
    const { history } = load();
    const withSlots = (seat: number) =>
      history.filter((h) => h.seat === seat && (h.event === 'card_shown' || h.event === 'influence_lost'));
    for (const seat of [0, 1]) {
      expect(withSlots(seat).length).toBeGreaterThan(0);
      for (const h of withSlots(seat)) expect(h).not.toHaveProperty('slot');
    }
    const own = withSlots(2);
    expect(own).toEqual([expect.objectContaining({ event: 'influence_lost', slot: 1, role: 'contessa' })]);
  });

  it('in protocol 2 (delta, no prompt) carries only the events since the seat last answered', () => {
    const full = load();
    const delta = read('decision-delta') as DecisionRequest;
    expect(Object.keys(delta)).toEqual([
      'protocol',
      'type',
      'matchId',
      'decisionId',
      'seat',
      'phase',
      'deadline',
      'timeoutMs',
      'state',
      'history',
      'historyFrom',
      'legalActions',
      'strategyPrompt',
    ]);
    expect(delta.protocol).toBe(2);
    expect(delta.historyFrom).toBeGreaterThan(0);
    expect(delta.history.length).toBeGreaterThan(0);
    // The delta is exactly the tail of the whole history, from historyFrom on.
    expect(full.history.slice(delta.historyFrom)).toEqual(delta.history);
    const { history: _h, historyFrom: _f, protocol: _p, ...restDelta } = delta;
    const { history: _h1, prompt: _pr, protocol: _p1, ...restFull } = full;
    expect(restDelta).toEqual(restFull);
  });

  it('refuses a protocol 1 request without a prompt, and a protocol 2 one without historyFrom', () => {
    const full = load();
    const { prompt: _p, ...noPrompt } = full;
    expect(DecisionRequest.safeParse(noPrompt).success).toBe(false);
    expect(DecisionRequest.safeParse({ ...full, protocol: 2 }).success).toBe(false);
    expect(DecisionRequest.safeParse({ ...full, protocol: 2, historyFrom: 0 }).success).toBe(true);
  });

  it('shows the drawn cards during exchange_return, to the exchanging seat only', () => {
    const r = read('decision-exchange_return') as DecisionRequest;
    expect(r.state.you?.drawn).toHaveLength(2);
    expect(r.legalActions).toHaveLength(6);
  });
});

describe('the Inquisitor game (ruleset inquisitors)', () => {
  const req = (p: string) => read(`inquisitors-decision-${p}`) as DecisionRequest;
  const events = (r: DecisionRequest, event: string) => r.history.filter((h) => h.event === event);

  it('interrogate_show: the interrogated seat chooses which face-down card to show', () => {
    const r = req('interrogate_show');
    expect(r).toMatchObject({ seat: 1, phase: 'interrogate_show' });
    expect(r.state.pending).toMatchObject({
      action: 'interrogate',
      actor: 0,
      target: 1,
      claim: 'inquisitor',
    });
    expect(r.legalActions).toEqual([
      { type: 'show_card', data: { card_index: 0 } },
      { type: 'show_card', data: { card_index: 1 } },
    ]);
  });

  it('interrogate_decide: the interrogator sees the shown role (no slot) and allows or forces an exchange', () => {
    const r = req('interrogate_decide');
    expect(r).toMatchObject({ seat: 0, phase: 'interrogate_decide' });
    expect(r.state.you?.shown).toBe('contessa');
    expect(events(r, 'interrogation_shown')).toEqual([
      { event: 'interrogation_shown', turn: 0, seat: 1, interrogator: 0, role: 'contessa' },
    ]);
    expect(r.legalActions).toEqual([{ type: 'allow' }, { type: 'force_exchange' }]);
  });

  it('the interrogated seat alone learns its replacement; the exchange draws one and returns one', () => {
    const r = req('exchange_return');
    expect(events(r, 'interrogation_decided')).toEqual([
      expect.objectContaining({ forced: true, role: 'contessa', slot: 1, replacement: expect.any(String) }),
    ]);
    expect(r.state.you?.drawn).toHaveLength(1);
    expect(r.legalActions).toEqual(
      [0, 1, 2].map((i) => ({ type: 'return_cards', data: { return_indices: [i] } })),
    );
  });

  it('a third seat learns who interrogated whom and that an exchange was forced, nothing more', () => {
    const r = req('action');
    expect(r.seat).toBe(2);
    expect(events(r, 'interrogation_shown')).toEqual([
      { event: 'interrogation_shown', turn: 0, seat: 1, interrogator: 0 },
    ]);
    expect(events(r, 'interrogation_decided')).toEqual([
      { event: 'interrogation_decided', turn: 0, seat: 0, target: 1, forced: true },
    ]);
    expect(r.legalActions).toContainEqual({ type: 'interrogate', data: { target: 0 } });
    expect(r.legalActions).not.toContainEqual(expect.objectContaining({ type: 'coup' }));
  });

  it('a steal may be blocked claiming the captain or the inquisitor', () => {
    expect(req('block').legalActions).toEqual([
      { type: 'block', data: { role: 'captain' } },
      { type: 'block', data: { role: 'inquisitor' } },
      { type: 'pass' },
    ]);
  });
});
