import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty } from '../options.ts';
import type { DatasetImportOptions } from '../dataset/import.ts';

export function registerDatasetCommands(program: Command): void {
  const dataset = program
    .command('dataset')
    .description('human games datasets (the public archive of the open-source Coup server)');

  dataset
    .command('import')
    .description(
      'import an archive file (a JSON array of games, compact or decoded, optionally gzipped) into a ' +
        'new human dataset: check every game, re-play original games through our engine, load the rest',
    )
    .argument('<file>', 'games.json, games.json.gz, games_full.json(.gz) or a file in the same format')
    .addOption(
      new Option('--name <name>', 'the dataset name (default: the file name)').argParser(nonEmpty('--name')),
    )
    .addOption(
      new Option('--database-url <url>', 'the platform database (default: $DATABASE_URL)').argParser(
        nonEmpty('--database-url'),
      ),
    )
    .addHelpText(
      'after',
      '\nExit code: 0 when the dataset is ready (bad games are counted, not fatal), 1 when the file cannot' +
        '\nbe imported (unreadable, not JSON, not an array, empty, cut short: the dataset is marked failed)' +
        '\nor the database fails, 2 for bad usage (no database given).',
    )
    .action(async (file: string, opts: DatasetImportOptions) => {
      const { importCommand } = await import('../dataset/import.ts');
      await importCommand(file, opts);
    });
}
