import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBase62, dataDir } from '@coup/db';

/**
 * The operator's key: ADMIN_KEY when set; otherwise one generated at the first start and kept in
 * .data/admin.key (mode 600), so restarts keep it.
 */
export function resolveAdminKey(fromEnv: string | undefined): { key: string; file: string | null } {
  if (fromEnv) return { key: fromEnv, file: null };
  const dir = dataDir();
  const file = path.join(dir, 'admin.key');
  if (existsSync(file)) return { key: readFileSync(file, 'utf8').trim(), file };
  mkdirSync(dir, { recursive: true });
  const key = `adm_${randomBase62(32)}`;
  writeFileSync(file, `${key}\n`, { mode: 0o600 });
  return { key, file };
}
