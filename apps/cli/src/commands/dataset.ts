import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty } from '../options.ts';
import type { DatasetImportOptions } from '../dataset/import.ts';
import { registerFitPeopleCommand } from './dataset-fit-people.ts';

export function registerDatasetCommands(program: Command): void {
  const dataset = program
    .command('dataset')
    .description('human games datasets (the public archive of the open-source Coup server)');

  dataset
    .command('import')
    .description(
      'import an archive file (a JSON array of games, documents, compact or decoded, optionally gzipped) into a ' +
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
      "\nEach game may be in any of the archive's three shapes (the server's export documents, the compact" +
        '\nfile, the decoded file). Warnings (bytes after the gzip data or the array) go to stderr.' +
        '\nExit code: 0 when the dataset is ready (bad games are counted, not fatal), 1 when the file cannot' +
        '\nbe imported (not there: no dataset is created; not JSON, not an array, empty, cut short, or no game' +
        '\nloads: the dataset is marked failed) or the database fails, 2 for bad usage (no database given).',
    )
    .action(async (file: string, opts: DatasetImportOptions) => {
      const { importCommand } = await import('../dataset/import.ts');
      await importCommand(file, opts);
    });
  registerFitPeopleCommand(dataset);
}
