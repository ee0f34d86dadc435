// Config for the Prisma 6.19 CLI (npm alias `prisma6`), used only to create and apply migrations offline.
// Run it through `npm run db:migrate:*` (packages/devstack/src/migrate/cli.ts), which sets DATABASE_URL.
import { defineConfig } from 'prisma6/config';
import { prisma6AdapterFactory } from '../packages/devstack/src/migrate/prisma6-adapter.ts';
import { writeSchema6 } from '../packages/devstack/src/migrate/schema6.ts';

const databaseUrl = process.env.DATABASE_URL;
if (!databaseUrl) throw new Error('DATABASE_URL is not set');

export default defineConfig({
  experimental: { adapter: true },
  engine: 'js',
  adapter: async () => prisma6AdapterFactory(databaseUrl),
  // Regenerated from schema.prisma every time the CLI loads this config, so it can never be stale.
  schema: writeSchema6(),
  migrations: { path: 'migrations' },
});
