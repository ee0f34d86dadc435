import { createHash, randomBytes } from 'node:crypto';
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from './paths.ts';

let cached: { source: string; key: Buffer } | undefined;

/**
 * The 32-byte AES key for agent secrets. From env SECRET_KEY (any string; hashed to 32 bytes) when set;
 * otherwise generated once into `<data dir>/secret.key` (mode 600) so a restarted single-machine platform
 * can still decrypt the secrets it stored. Several machines must share one SECRET_KEY.
 */
export function secretKey(): Buffer {
  const fromEnv = process.env.SECRET_KEY;
  const source = fromEnv ? `env:${fromEnv}` : `file:${dataDir()}`;
  if (cached?.source === source) return cached.key;
  const material = fromEnv ?? readOrCreateKeyFile(path.join(dataDir(), 'secret.key'));
  const key = createHash('sha256').update(material).digest();
  cached = { source, key };
  return key;
}

function readOrCreateKeyFile(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const material = randomBytes(32).toString('base64url');
  try {
    // 'wx' fails if another process created it meanwhile; then that process's key wins.
    writeFileSync(file, `${material}\n`, { flag: 'wx', mode: 0o600 });
    chmodSync(file, 0o600);
    return material;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    return readFileSync(file, 'utf8').trim();
  }
}
