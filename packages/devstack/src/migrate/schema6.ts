import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { prismaDir, schemaPath } from '@coup/db';

/** The Prisma 6 CLI's copy of the schema. Generated, gitignored, rewritten before every Prisma 6 command. */
export const schema6Path = path.join(prismaDir, 'schema6.prisma');

const HEADER =
  '// GENERATED from prisma/schema.prisma by packages/devstack/src/migrate/schema6.ts. Do not edit: edit schema.prisma.\n';

/**
 * Prisma 7 moved the connection URL out of the schema, but the Prisma 6.19 CLI (the only one that migrates
 * offline here, through its WASM schema engine) still wants `url` in the datasource block. The generator
 * block is dropped: the Prisma 6 CLI only migrates (`--skip-generate`), the client comes from Prisma 7.
 */
export function toSchema6(source: string): string {
  const withoutGenerators = source.replace(/^generator\s+\w+\s*\{[^}]*\}\s*/gm, '');
  const datasource = /^(datasource\s+\w+\s*\{)([^}]*)\}/m;
  const match = datasource.exec(withoutGenerators);
  if (!match) throw new Error('prisma/schema.prisma has no datasource block');
  if (/^\s*url\s*=/m.test(match[2] ?? '')) {
    throw new Error('prisma/schema.prisma must not set url (Prisma 7 reads it from the client adapter)');
  }
  const body = `${match[2]?.trimEnd()}\n  url      = env("DATABASE_URL")\n`;
  return HEADER + withoutGenerators.replace(datasource, `${match[1]}${body}}`);
}

/** Writes prisma/schema6.prisma only when it changed (keeps file watchers quiet). */
export function writeSchema6(): string {
  const next = toSchema6(readFileSync(schemaPath, 'utf8'));
  let current = '';
  try {
    current = readFileSync(schema6Path, 'utf8');
  } catch {
    // first run
  }
  if (current !== next) writeFileSync(schema6Path, next);
  return schema6Path;
}
