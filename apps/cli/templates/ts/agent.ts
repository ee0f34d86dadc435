import { createAgent } from '@coup/sdk';
import type { Agent, DecideResult, DecisionRequest, WireAction } from '@coup/sdk';

// Your agent. `decide` gets one decision request (its phase, your cards, every seat's coins and revealed
// cards, the whole history, and the legal actions) and returns one of `req.legalActions`, unchanged, or
// `{ action, comment }`. This starting policy never bluffs: it coups when it can, taxes with a duke, blocks
// with the cards it holds, gives up its least valuable cards and never challenges. Make it yours.

/** How much each card is worth keeping: the duke pays every turn, the ambassador is the weakest. */
const VALUE: Record<string, number> = { duke: 5, assassin: 4.5, captain: 4, contessa: 3.5, ambassador: 2.5 };

export function decide(req: DecisionRequest): DecideResult {
  const legal = req.legalActions;
  const first = legal[0] as WireAction; // never empty
  const find = (type: string) => legal.find((a) => a.type === type);
  const cards = req.state.you?.cards ?? [];
  const hand: string[] = cards.filter((c) => !c.revealed).map((c) => c.role);
  const worth = (i: number) => VALUE[cards[i]?.role ?? ''] ?? 0;

  switch (req.phase) {
    case 'action': {
      const coup = find('coup');
      if (coup) return { action: coup, comment: 'seven coins: coup' };
      if (hand.includes('duke')) return find('tax') ?? first;
      return find('foreign_aid') ?? find('income') ?? first;
    }
    case 'block': {
      const role = (a: WireAction) => a.data?.role ?? '';
      return legal.find((a) => a.type === 'block' && hand.includes(role(a))) ?? find('pass') ?? first;
    }
    case 'lose_influence': {
      // The card to lose is named by its index in state.you.cards.
      const choices = legal.filter((a) => a.type === 'lose_card');
      const index = (a: WireAction) => a.data?.card_index ?? 0;
      return choices.sort((a, b) => worth(index(a)) - worth(index(b)))[0] ?? first;
    }
    case 'exchange_return': {
      // Indices into your face-down cards followed by state.you.drawn: return the least valuable.
      const pool = [...hand, ...(req.state.you?.drawn ?? [])];
      const cost = (a: WireAction) =>
        (a.data?.return_indices ?? []).reduce((sum, i) => sum + (VALUE[pool[i] ?? ''] ?? 0), 0);
      return legal.filter((a) => a.type === 'return_cards').sort((a, b) => cost(a) - cost(b))[0] ?? first;
    }
    default:
      // challenge_action, challenge_block: let claims pass.
      return find('pass') ?? first;
  }
}

/** The agent: checks request signatures with `secret` (requests without a valid one get a 401). */
export function createMyAgent(secret: string | undefined = process.env.COUP_AGENT_SECRET): Agent {
  return createAgent({ name: '{{name}}', secret, decide });
}
