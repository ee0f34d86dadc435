import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty, nonNegativeInt } from '../options.ts';
import type { BotServeOptions } from '../serve/serve.ts';

const EXAMPLES = `
Examples:
  $ coup bot serve heuristic --port 8080
  $ coup bot serve random --port 0 --secret s3cret   # port 0 picks a free port (printed)`;

export function registerBotCommands(program: Command): void {
  const bot = program.command('bot').description('built-in bots (random, honest, heuristic, people)');
  bot
    .command('serve')
    .description('serve a built-in bot as an HTTP agent (POST /decide, /start, /end) until Ctrl-C')
    .argument('<name>', 'bot to serve: random, honest, heuristic or people')
    .addOption(
      new Option('-p, --port <port>', 'port to listen on (0: any free port)')
        .makeOptionMandatory()
        .argParser(nonNegativeInt('--port', 65535)),
    )
    .addOption(
      new Option('--host <host>', 'address to listen on').default('127.0.0.1').argParser(nonEmpty('--host')),
    )
    .addOption(
      new Option('--secret <secret>', 'reject requests not signed with this HMAC secret')
        .argParser(nonEmpty('--secret'))
        .env('COUP_AGENT_SECRET'),
    )
    .addOption(new Option('-q, --quiet', 'do not log matches to stderr').default(false))
    .addHelpText('after', EXAMPLES)
    .action(async (name: string, opts: BotServeOptions) => {
      const { serveBot } = await import('../serve/serve.ts');
      await serveBot(name, opts);
    });
}
