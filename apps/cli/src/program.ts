import { readFileSync } from 'node:fs';
import { Command } from 'commander';
import { registerBotCommands } from './commands/bot.ts';
import { registerDatasetCommands } from './commands/dataset.ts';
import { registerNewCommands } from './commands/new.ts';
import { registerPlatformCommands } from './commands/platform.ts';
import { registerPlayCommand } from './commands/play.ts';
import { registerReplayCommands } from './commands/replay.ts';

// The command tree. Each command lives in commands/<name>.ts and loads its implementation lazily, so
// `coup --help` stays fast.

function version(): string {
  const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    version?: string;
  };
  return pkg.version ?? '0.0.0';
}

export function createProgram(): Command {
  const program = new Command('coup')
    .description(
      'Coup Arena: play local matches between agents, start a new agent, serve built-in bots, check and ' +
        'read replays, use the platform.',
    )
    .version(version(), '-V, --version', 'print the version')
    .helpOption('-h, --help', 'show help')
    .helpCommand('help [command]', 'show help for a command')
    // Parse errors throw (main.ts maps them to exit code 2) instead of exiting inside commander.
    .exitOverride()
    // Options belong to the command they follow, so `coup platform agents register --url <endpoint>`
    // names the agent while `coup platform --url <platform> ...` names the platform.
    .enablePositionalOptions()
    .showHelpAfterError('(add --help for usage)')
    .showSuggestionAfterError(true);
  registerPlayCommand(program);
  registerNewCommands(program);
  registerBotCommands(program);
  registerReplayCommands(program);
  registerPlatformCommands(program);
  registerDatasetCommands(program);
  return program;
}
