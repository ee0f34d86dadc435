import type { RulesetId } from '@coup/engine/names';
import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty, nonNegativeInt, positiveInt } from '../options.ts';
import { registerPlatformAgentCommands } from './platform-agents.ts';
import { registerPlatformExperimentCommands } from './platform-experiments.ts';
import { registerPlatformMatchCommands } from './platform-matches.ts';
import { addPlatformOptions, contextOf } from './platform-options.ts';
import { rulesetArg } from '../platform/ruleset-options.ts';

const EXAMPLES = `
Examples:
  $ coup platform signup alice                       # prints the API key once and saves it
  $ coup platform agents register my-bot --url http://127.0.0.1:8000
  $ coup platform agents check ag_...
  $ coup platform matches queue ag_... ag_... --wait
  $ coup platform experiments create --model m --prompt-file a.txt --prompt-file b.txt --opponent ag_... --deals 40
  $ coup platform replay download mt_... && coup replay verify mt_....json
  $ coup platform --url https://coup.example.com leaderboard --json

The key is saved in $COUP_CONFIG, else $XDG_CONFIG_HOME/coup/config.json, else ~/.config/coup/config.json
(mode 600). Exit codes: 1 when the platform answers an error, 2 for usage errors or an unreachable platform.`;

export function registerPlatformCommands(program: Command): void {
  const platform = program
    .command('platform')
    .description(
      'the Coup Arena platform: account, agents, matches, experiments, replays, leaderboard (REST API client)',
    )
    .enablePositionalOptions()
    .addHelpText('after', EXAMPLES);
  addPlatformOptions(platform);

  addPlatformOptions(
    platform
      .command('signup')
      .description('create an account; prints its API key once and saves it with the platform URL')
      .argument('<name>', 'account name: letters, digits, "_", "." and "-"')
      .option('--force', 'replace a key already saved in the config file'),
  ).action(async (name: string, opts: { force?: boolean }, cmd: Command) => {
    const { signup } = await import('../platform/accounts.ts');
    await signup(await contextOf(cmd), name, opts.force ?? false);
  });

  addPlatformOptions(
    platform
      .command('whoami')
      .aliases(['me', 'account'])
      .description(
        'the account of the API key in use (the key is never printed), and the model tokens it was ' +
          'charged today against its daily budget',
      ),
  ).action(async (_opts: unknown, cmd: Command) => {
    const { whoami } = await import('../platform/accounts.ts');
    await whoami(await contextOf(cmd));
  });

  registerPlatformAgentCommands(platform);
  registerPlatformMatchCommands(platform);
  registerPlatformExperimentCommands(platform);

  const replay = addPlatformOptions(platform.command('replay').description('replays of finished matches'));
  addPlatformOptions(
    replay
      .command('download')
      .description('write the full replay (for coup replay show/verify), or one seat view with --seat')
      .argument('<match>', 'match id (mt_...)')
      .addOption(
        new Option('--seat <seat>', 'only what this seat (0-based) was sent (not verifiable)').argParser(
          nonNegativeInt('--seat', 5),
        ),
      )
      .addOption(
        new Option('-o, --out <file>', 'file to write (default: <match>.json; "-" for stdout)').argParser(
          nonEmpty('--out'),
        ),
      ),
  ).action(async (match: string, opts: { seat?: number; out?: string }, cmd: Command) => {
    const { downloadReplay } = await import('../platform/replay.ts');
    await downloadReplay(await contextOf(cmd), match, opts);
  });

  addPlatformOptions(
    platform
      .command('leaderboard')
      .description('agents by conservative Glicko-2 rating (rating - 2*RD)')
      .addOption(
        new Option('-n, --limit <n>', 'how many agents').default(50).argParser(positiveInt('--limit', 200)),
      )
      .addOption(
        new Option(
          '--ruleset <id>',
          'whose ladder: each ruleset is rated on its own (default original)',
        ).argParser(rulesetArg('--ruleset')),
      ),
  ).action(async (opts: { limit: number; ruleset?: RulesetId }, cmd: Command) => {
    const { showLeaderboard } = await import('../platform/leaderboard.ts');
    await showLeaderboard(await contextOf(cmd), opts.limit, opts.ruleset);
  });
}
