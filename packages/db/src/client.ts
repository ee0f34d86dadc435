import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient } from './generated/client.ts';

export type CreatePrismaOptions = {
  /** Pool size (pg default 10). Workers running many matches may want more. */
  max?: number;
};

/**
 * A Prisma 7 client over node-postgres (`@prisma/adapter-pg`): no query-engine binary, so it works offline.
 * Call `$disconnect()` when done, or the pool keeps the process alive.
 */
export function createPrisma(databaseUrl: string, options: CreatePrismaOptions = {}): PrismaClient {
  const adapter = new PrismaPg({
    connectionString: databaseUrl,
    ...(options.max ? { max: options.max } : {}),
  });
  return new PrismaClient({ adapter });
}
