import type { HistoryEntry } from '@coup/protocol';
import type { Role } from '@coup/engine';
import { applyEntry, blankRecord } from '../history';
import type { HistoryRecord } from '../history';

// What the search remembers of a match, folded from the seat's public history only: the seats' claims
// (history.ts: claimed and not refuted, shown or exchanged away since), the order of eliminations (the
// ranking of a sampled game needs it), who passed in the window now open, what an interrogation showed
// this seat, and which ruleset the events betray.

export interface Knowledge {
  h: HistoryRecord;
  /** Seats in the order they were eliminated. */
  eliminated: number[];
  /** Seats that passed in the current window (reset by each declaration and block). */
  passed: { seat: number; phase: string }[];
  /** `inquisitors` when an event only that game has was seen, `original` for one only it has. */
  ruleset: 'original' | 'inquisitors' | null;
  /** By seat: blocks made, and block windows passed. */
  blocks: number[];
  blockPasses: number[];
}

export function blankKnowledge(): Knowledge {
  return {
    h: blankRecord(),
    eliminated: [],
    passed: [],
    ruleset: null,
    blocks: [0, 0, 0, 0, 0, 0],
    blockPasses: [0, 0, 0, 0, 0, 0],
  };
}

const field = (e: HistoryEntry, k: string): unknown => (e as Record<string, unknown>)[k];

function noteRole(k: Knowledge, role: unknown): void {
  if (role === 'inquisitor') k.ruleset = 'inquisitors';
  else if (role === 'ambassador') k.ruleset = 'original';
}

export function foldKnowledge(k: Knowledge, e: HistoryEntry): void {
  applyEntry(k.h, e);
  const seat = field(e, 'seat');
  switch (e.event) {
    case 'declared':
      k.passed = [];
      noteRole(k, field(e, 'claim'));
      if (field(e, 'action') === 'interrogate') k.ruleset = 'inquisitors';
      break;
    case 'blocked':
      k.passed = [];
      if (typeof seat === 'number') k.blocks[seat] = (k.blocks[seat] ?? 0) + 1;
      noteRole(k, field(e, 'role'));
      break;
    case 'passed':
      if (typeof seat === 'number') {
        k.passed.push({ seat, phase: String(field(e, 'phase')) });
        if (field(e, 'phase') === 'block') k.blockPasses[seat] = (k.blockPasses[seat] ?? 0) + 1;
      }
      break;
    case 'card_shown':
    case 'influence_lost':
      noteRole(k, field(e, 'role'));
      break;
    case 'exchange_drawn': {
      const count = field(e, 'count');
      if (count === 1) k.ruleset = 'inquisitors';
      else if (count === 2) k.ruleset = 'original';
      break;
    }
    case 'eliminated':
      if (typeof seat === 'number' && !k.eliminated.includes(seat)) k.eliminated.push(seat);
      break;
    case 'interrogation_shown': {
      // Shown to this seat (the interrogator's copy names the role): the target holds it, for now.
      const role = field(e, 'role');
      const rec = typeof seat === 'number' ? k.h.recs[seat] : undefined;
      if (rec && typeof role === 'string') rec.claims.add(role as Role);
      k.ruleset = 'inquisitors';
      break;
    }
    case 'interrogation_decided': {
      const role = field(e, 'role');
      const target = field(e, 'target');
      const rec = typeof target === 'number' ? k.h.recs[target] : undefined;
      if (rec && field(e, 'forced') === true && typeof role === 'string') rec.claims.delete(role as Role);
      break;
    }
    case 'turn_started':
      k.passed = [];
      break;
    default:
      break;
  }
}
