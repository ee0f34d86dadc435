import { Option } from 'commander';
import type { Command } from 'commander';
import { nonNegativeInt, positiveInt } from '../options.ts';
import type { ReplayShowOptions } from '../replay/show.ts';
import type { ReplayExportOptions } from '../replay/export.ts';

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

  replay
    .command('export')
    .description(
      'export matches as games of the public human games archive (docs/ARCHIVE.md): a JSON array that ' +
        'coup dataset import reads',
    )
    .argument('<source>', 'a replay file (JSON, JSON lines or an array), or a match id on the platform')
    .addOption(
      new Option('--format <format>', 'the output format').choices(['treason']).makeOptionMandatory(),
    )
    .addOption(
      new Option('--compact', 'events packed and base64-encoded (the compact file), not decoded').default(
        false,
      ),
    )
    .addOption(new Option('-o, --out <file>', 'write to this file (default: stdout)'))
    .addOption(new Option('--url <url>', 'the platform, for a match id (default: COUP_URL, the saved url)'))
    .addOption(new Option('--key <key>', 'API key, for a match id (default: COUP_API_KEY, the saved key)'))
    .action(async (source: string, opts: ReplayExportOptions) => {
      const { exportCommand } = await import('../replay/export.ts');
      await exportCommand(source, opts);
    });
}
