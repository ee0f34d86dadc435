import type { Action, GameSetup } from '@coup/engine';
import type { DecisionRequest, Replay } from '@coup/protocol';
import { inProcessAgent, runMatch } from '@coup/runner';

// A match of our engine played by the real runner with scripted seats, for tests that need a given turn
// (a block, two seats out in one turn): each seat answers with the first legal action its script picks,
// and with the first legal action when the script has nothing to say.

/** Picks a seat's answer among the legal actions, or undefined (then: the first legal action). */
export type Script = (req: DecisionRequest, legal: readonly Action[]) => Action | undefined;

export async function scriptedMatch(matchId: string, setup: GameSetup, scripts: Script[]): Promise<Replay> {
  const agents = scripts.map((script, seat) =>
    inProcessAgent(`seat-${seat}`, (req: DecisionRequest) => {
      const legal = req.legalActions as Action[];
      return { action: script(req, legal) ?? legal[0] };
    }),
  );
  return runMatch({ matchId, seed: matchId, agents, setup, timeoutMs: 5000 });
}

/** The legal action of this type (and, for a targeted one, this target; for a block, this role). */
export function pick(
  legal: readonly Action[],
  type: Action['type'],
  arg?: number | string,
): Action | undefined {
  return legal.find((a) => {
    if (a.type !== type) return false;
    if (arg === undefined) return true;
    const data = (a as { data?: { target?: number; role?: string } }).data;
    return data?.target === arg || data?.role === arg;
  });
}
