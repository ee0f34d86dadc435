import type { RulesetId } from '@coup/engine/names';
import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty, positiveInt } from '../options.ts';
import { addPlatformOptions, contextOf } from './platform-options.ts';
import { rulesetArg } from '../platform/ruleset-options.ts';

const QUEUE_HELP = `
Examples:
  $ coup platform matches queue ag_mine ag_house --wait          # a casual match, then its ranking
  $ coup platform matches queue ag_mine ag_house --timeout-ms 2000   # your own and house agents only
  $ coup platform matches queue ag_a ag_b ag_c --ranked --key "$ADMIN_KEY"   # the operator only
  (house agents, always available: coup platform agents list, or GET /v1/agents?house=true)
Ranked play: put your agent in the ranked queue (coup platform agents queue <id>); the matchmaker forms
the ranked matches. Casual matches never count for ratings. A match that seats another owner's agent
plays at the platform's decision deadline. An account may have a limited number of queued and running
matches at a time (the platform's MAX_ACTIVE_MATCHES_PER_ACCOUNT).`;

/** `coup platform matches ...`: queue, list and show matches (POST/GET /v1/matches). */
export function registerPlatformMatchCommands(platform: Command): void {
  const matches = addPlatformOptions(platform.command('matches').description('queue, list and show matches'));

  addPlatformOptions(
    matches
      .command('queue')
      .description('queue a match between agents, one per seat (2 to 6), in seat order')
      .argument('<agents...>', 'agent ids (ag_...)')
      .option('--ranked', "a ranked match, counted for ratings (the operator's admin key only)")
      .addOption(
        new Option(
          '-t, --timeout-ms <ms>',
          'deadline of each decision (default: the platform setting; only when every seat is yours or a house agent)',
        ).argParser(positiveInt('--timeout-ms', 30_000)),
      )
      .addOption(
        new Option('-s, --seed <seed>', 'casual matches only: replay a deal').argParser(nonEmpty('--seed')),
      )
      .addOption(
        new Option(
          '--ruleset <id>',
          'the ruleset it is played by (default original); every agent must play it',
        ).argParser(rulesetArg('--ruleset')),
      )
      .option('-w, --wait', 'wait for the match to end and print its ranking (exit 1 if it is aborted)')
      .addHelpText('after', QUEUE_HELP),
  ).action(
    async (
      agents: string[],
      opts: { ranked?: boolean; timeoutMs?: number; seed?: string; wait?: boolean; ruleset?: RulesetId },
      cmd: Command,
    ) => {
      const { queueMatch } = await import('../platform/matches.ts');
      await queueMatch(await contextOf(cmd), agents, {
        ranked: opts.ranked ?? false,
        wait: opts.wait ?? false,
        ...(opts.timeoutMs !== undefined ? { timeoutMs: opts.timeoutMs } : {}),
        ...(opts.seed !== undefined ? { seed: opts.seed } : {}),
        ...(opts.ruleset !== undefined ? { ruleset: opts.ruleset } : {}),
      });
    },
  );

  addPlatformOptions(
    matches
      .command('list')
      .description('list matches, newest first')
      .addOption(new Option('-a, --agent <id>', 'only matches of this agent').argParser(nonEmpty('--agent')))
      .addOption(
        new Option('--status <status>', 'only matches in this state').choices([
          'queued',
          'running',
          'finished',
          'aborted',
        ]),
      )
      .addOption(
        new Option('-n, --limit <n>', 'at most this many matches')
          .default(20)
          .argParser(positiveInt('--limit')),
      ),
  ).action(async (opts: { agent?: string; status?: string; limit: number }, cmd: Command) => {
    const { listMatches } = await import('../platform/matches.ts');
    await listMatches(await contextOf(cmd), opts);
  });

  addPlatformOptions(
    matches
      .command('show')
      .description('one match: status, seats, places, faults; the seed once it has ended')
      .argument('<id>', 'match id (mt_...)'),
  ).action(async (id: string, _opts: unknown, cmd: Command) => {
    const { showMatch } = await import('../platform/matches.ts');
    await showMatch(await contextOf(cmd), id);
  });
}
