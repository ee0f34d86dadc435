import { CliError } from '../errors.ts';
import type { DatasetImportOptions } from './import.ts';

// What `coup dataset import` does in an installed `coup` (npm install -g): the import writes into the
// platform's database through the repository's Prisma client and worker threads, so it runs from a
// checkout. tools/package/cli.ts puts this module in place of import.ts when it bundles the CLI.

export function importCommand(_file: string, _opts: DatasetImportOptions): Promise<void> {
  return Promise.reject(
    new CliError(
      'coup dataset import writes into the platform database: run it from a checkout of the ' +
        'Coup Arena repository (npx coup dataset import <file>), not from an installed coup',
    ),
  );
}
