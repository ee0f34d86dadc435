import type { PlatformContext } from './context.ts';
import { num, print, printJson, table } from './format.ts';
import type { Agent } from './types.ts';

// `coup platform agents show <id>`: an agent's public profile, with the house agents as marks on the ladder
// (issue 22): between which two its rating lies, and its record against each in ranked matches.

type Mark = NonNullable<Agent['houseMarks']>['records'][number];

const markName = (m: Mark | null | undefined): string => (m ? `${m.agent.name} (${num(m.rating)})` : '-');

export async function showAgent(ctx: PlatformContext, id: string): Promise<void> {
  const a = await ctx.client.call('GET /agents/:id', { params: { id } });
  if (printJson(ctx, a)) return;
  const r = a.rating;
  print(
    `${a.name} (${a.id}), owner ${a.owner.name}, ${a.transport}, ${a.status}${a.isHouse ? ', house agent' : ''}`,
  );
  print(
    r
      ? `rating ${num(r.rating)} (RD ${num(r.rd)}), ${r.games} rated games, ${r.wins} wins${r.live ? ' (live)' : ''}`
      : 'not rated yet',
  );
  const marks = a.houseMarks;
  if (!marks) return;
  if (r) print(`between house agents: ${markName(marks.below)} .. ${markName(marks.above)}`);
  if (marks.records.length === 0) return;
  print('record against the house agents (ranked matches):');
  print(
    table(
      ['house agent', 'rating', 'matches', 'wins', 'losses'],
      marks.records.map((m) => [m.agent.name, num(m.rating), m.matches, m.wins, m.losses]),
      ['left', 'right', 'right', 'right', 'right'],
    ),
  );
}
