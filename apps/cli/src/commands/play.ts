import { Option } from 'commander';
import { DEFAULT_RULESET, RULESET_IDS } from '@coup/engine';
import type { Command } from 'commander';
import { nonEmpty, positiveInt } from '../options.ts';
import type { PlayOptions } from '../play/play.ts';

const EXAMPLES = `
Agents (2 to 6, one per seat, in this order):
  bot:random | bot:honest | bot:heuristic   a built-in bot, played in this process
  bot:people                                the bot fitted to people's play (coup dataset fit-people)
  http://host:port[/path]                   an HTTP agent (POST {url}/decide, /start, /end)
  llm:<model>                               a language model played like the platform's hosted llm agents,
                                            through LLM_BASE_URL (an OpenAI-compatible server; LLM_API_KEY,
                                            LLM_MODELS, LLM_TIMEOUT_MS as on the platform)

Examples:
  $ coup play bot:heuristic bot:honest bot:random --games 200 --concurrency 8
  $ coup play http://127.0.0.1:8080 bot:heuristic --games 20 --seed try1 --out replays.jsonl
  $ coup play bot:heuristic bot:random bot:honest --ruleset inquisitors --games 100
  $ coup replay show replays.jsonl --index 3
  $ LLM_BASE_URL=http://127.0.0.1:8080/v1 coup play llm:qwen2.5-7b bot:heuristic --strategy-file prompt.txt --games 10`;

export function registerPlayCommand(program: Command): void {
  program
    .command('play')
    .description('play matches between built-in bots and HTTP agents, then print results per agent')
    .argument(
      '<agents...>',
      'one agent per seat: bot:<name>, http://host:port[/path] or llm:<model> (2 to 6)',
    )
    .addOption(
      new Option('-n, --games <n>', 'number of matches').default(1).argParser(positiveInt('--games')),
    )
    .addOption(
      new Option(
        '-s, --seed <seed>',
        'base seed: match i uses seed <seed>-<i> (default: random, printed)',
      ).argParser(nonEmpty('--seed')),
    )
    .addOption(
      new Option('-r, --ruleset <id>', 'the game every match plays (RULES.md)')
        .choices(RULESET_IDS)
        .default(DEFAULT_RULESET),
    )
    .addOption(
      new Option('-t, --timeout-ms <ms>', 'deadline of each decision in milliseconds')
        .default(5000)
        .argParser(positiveInt('--timeout-ms', 600_000)),
    )
    .addOption(new Option('-o, --out <file>', 'write every replay to <file> as JSON lines (one per match)'))
    .addOption(
      new Option('--secret <secret>', 'HMAC secret used to sign requests to HTTP agents')
        .argParser(nonEmpty('--secret'))
        .env('COUP_AGENT_SECRET'),
    )
    .addOption(
      new Option('--rotate', 'rotate seats between matches so no agent always plays first').default(false),
    )
    .addOption(
      new Option('-c, --concurrency <n>', 'matches played at the same time')
        .default(1)
        .argParser(positiveInt('--concurrency', 256)),
    )
    .addOption(new Option('--json', 'print the results as JSON instead of a table').default(false))
    .addOption(
      new Option('--strategy-prompt <text>', 'strategy prompt of the llm:<model> agents').argParser(
        nonEmpty('--strategy-prompt'),
      ),
    )
    .addOption(
      new Option(
        '--strategy-file <file>',
        "read the llm:<model> agents' strategy prompt from a file",
      ).argParser(nonEmpty('--strategy-file')),
    )
    .addHelpText('after', EXAMPLES)
    .action(async (agents: string[], opts: PlayOptions) => {
      const { play } = await import('../play/play.ts');
      await play(agents, opts);
    });
}
