import type { PlatformContext } from './context.ts';
import { num, pct, print, printJson, table } from './format.ts';
import type { Agent } from './types.ts';

// `coup platform agents show <id>`: an agent's public profile, with its rating and behaviour figures in each
// ruleset (issue 20: never summed across rulesets), and the house agents as marks on the ladder (issue 22):
// between which two its rating lies, and its record against each in ranked matches.

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
  for (const [ruleset, o] of Object.entries(a.ratings)) {
    if (ruleset === 'original' || !o) continue;
    print(`${ruleset} rating ${num(o.rating)} (RD ${num(o.rd)}), ${o.games} rated games, ${o.wins} wins`);
  }
  behaviour(a);
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

const roleName = (r: string) => r.charAt(0).toUpperCase() + r.slice(1);

/** Behaviour figures of each ruleset it played ranked matches of, and the bluff rate of each role. */
function behaviour(a: Agent): void {
  const all = Object.values(a.statsByRuleset ?? {}).filter((s) => s !== undefined && s.matches > 0);
  if (all.length === 0) return;
  print('behaviour in ranked matches, per ruleset:');
  print(
    table(
      ['ruleset', 'matches', 'bluffs', 'challenges', 'caught', 'blocks', 'faults'],
      all.map((s) => [
        s.ruleset,
        s.matches,
        pct(s.bluffRate),
        pct(s.challengeRate),
        pct(s.challengeSuccess),
        pct(s.blockRate),
        pct(s.faultRate),
      ]),
      ['left', 'right', 'right', 'right', 'right', 'right', 'right'],
    ),
  );
  for (const s of all) {
    const roles = Object.entries(s.bluffRateByRole)
      .map(([r, v]) => `${roleName(r)} ${pct(v)}`)
      .join(', ');
    print(`${s.ruleset} bluffs per role: ${roles}`);
    if (s.interrogations !== undefined)
      print(`${s.ruleset}: ${s.interrogations} interrogations, forced exchanges ${pct(s.forceExchangeRate)}`);
  }
}
