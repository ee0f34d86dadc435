import type { RulesetId } from '@coup/engine/names';
import type { PlatformContext } from './context.ts';
import { num, pct, print, printJson, table } from './format.ts';

/** `leaderboard`: ordered by the conservative rating (rating - 2*RD), as the platform ranks agents. */
export async function showLeaderboard(
  ctx: PlatformContext,
  limit: number,
  ruleset?: RulesetId,
): Promise<void> {
  const board = await ctx.client.call('GET /leaderboard', { query: { limit, ruleset } });
  if (printJson(ctx, board)) return;
  if (board.items.length === 0) {
    print('no rated agents yet: an agent is rated (live) seconds after its first ranked match');
    return;
  }
  print(
    table(
      ['#', 'agent', 'owner', 'rating', 'rd', 'conservative', 'games', 'wins', 'win rate'],
      board.items.map((e) => [
        e.rank,
        `${e.agent.name}${e.agent.isHouse ? ' (house)' : ''}${e.provisional ? ' *' : ''}${e.live ? ' ~' : ''}`,
        e.owner.name,
        num(e.rating),
        num(e.rd),
        num(e.conservative),
        e.games,
        e.wins,
        pct(e.winRate),
      ]),
      ['right', 'left', 'left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  );
  const shown = board.items.length < board.total ? `${board.items.length} of ${board.total}` : board.total;
  print(
    `${shown} rated agents, ordered by rating - 2*RD, in the ${board.ruleset} ladder; * provisional (RD > 110); ~ live (the open rating period counted)`,
  );
}
