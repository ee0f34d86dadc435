import { Option } from 'commander';
import type { Command } from 'commander';
import { nonEmpty } from '../options.ts';
import type { FitPeopleOptions } from '../dataset/fit-people.ts';

/** `coup dataset fit-people`: registered under `coup dataset` (commands/dataset.ts). */
export function registerFitPeopleCommand(dataset: Command): void {
  dataset
    .command('fit-people')
    .description(
      'fit the built-in `people` bot\'s model on the decisions of people (seats not marked "ai") in a human ' +
        'dataset of the database, or in an archive file',
    )
    .argument('[dataset]', 'the dataset id (hds_...) or name, as `coup dataset import` made it')
    .addOption(
      new Option(
        '--file <file>',
        'read the games from an archive file instead (no database needed)',
      ).argParser(nonEmpty('--file')),
    )
    .addOption(
      new Option(
        '--out <file>',
        'where to write the model (default: the shipped model the bot loads)',
      ).argParser(nonEmpty('--out')),
    )
    .addOption(
      new Option('--database-url <url>', 'the platform database (default: $DATABASE_URL)').argParser(
        nonEmpty('--database-url'),
      ),
    )
    .addHelpText(
      'after',
      '\nExamples:' +
        '\n  $ coup dataset fit-people treason                  # the dataset named treason, into the shipped model' +
        '\n  $ coup dataset fit-people --file games.json.gz --out people.json' +
        '\n\nThe bot (bot:people, coup bot serve people) loads the shipped model when it starts. Exit code: 0 when' +
        '\nthe model is written, 1 when it cannot be fitted (no such dataset or file, no game with people, the' +
        '\ndatabase fails, the model cannot be written), 2 for bad usage (no dataset and no --file, or both).',
    )
    .action(async (ref: string | undefined, opts: FitPeopleOptions) => {
      const { fitPeopleCommand } = await import('../dataset/fit-people.ts');
      await fitPeopleCommand(ref, opts);
    });
}
