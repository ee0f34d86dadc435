import { Option } from 'commander';
import type { Command } from 'commander';
import { nonNegativeInt, positiveInt } from '../options.ts';
import type { ReplayShowOptions } from '../replay/show.ts';

export function registerReplayCommands(program: Command): void {
  const replay = program
    .command('replay')
    .description('check and read replays (a replay JSON file, or JSON lines as written by coup play --out)');

  replay
    .command('verify')
    .description('re-run every replay from its seed and answers and check events, ranking and results')
    .argument('<file>', 'replay JSON file or JSON lines of replays')
    .addHelpText(
      'after',
      '\nExit code: 0 if every replay verifies, 1 if one does not, 2 if the file is unreadable.',
    )
    .action(async (file: string) => {
      const { verifyFile } = await import('../replay/verify.ts');
      await verifyFile(file);
    });

  replay
    .command('show')
    .description('print a replay turn by turn (or only what one seat saw, with --seat)')
    .argument('<file>', 'replay JSON file or JSON lines of replays')
    .addOption(
      new Option('-i, --index <n>', 'which replay of a JSON lines file (1 = first)')
        .default(1)
        .argParser(positiveInt('--index')),
    )
    .addOption(
      new Option(
        '--seat <seat>',
        'show only what this seat (0-based) saw: its requests, answers and events',
      ).argParser(nonNegativeInt('--seat', 5)),
    )
    .addOption(
      new Option('--prompts', 'with --seat, print the full text prompt of every request').default(false),
    )
    .action(async (file: string, opts: ReplayShowOptions) => {
      const { showFile } = await import('../replay/show.ts');
      await showFile(file, opts);
    });
}
