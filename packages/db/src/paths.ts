import { fileURLToPath } from 'node:url';
import path from 'node:path';

// Paths are derived from this file's location, not process.cwd(), so the API, the worker, the tests and the
// CLI scripts agree whichever directory they are started from.
export const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));
export const prismaDir = path.join(repoRoot, 'prisma');
export const schemaPath = path.join(prismaDir, 'schema.prisma');
export const migrationsDir = path.join(prismaDir, 'migrations');

/** Where local state lives (embedded Postgres, the generated secret key): `COUP_DATA_DIR` or `<repo>/.data`. */
export function dataDir(): string {
  return process.env.COUP_DATA_DIR ? path.resolve(process.env.COUP_DATA_DIR) : path.join(repoRoot, '.data');
}
