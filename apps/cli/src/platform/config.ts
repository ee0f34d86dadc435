import { chmod, mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from '../errors.ts';

/** What `coup platform signup` saves: the platform it signed up on and that account's API key. */
export interface SavedConfig {
  url: string;
  apiKey: string;
  account?: { id: string; name: string };
}

/** COUP_CONFIG (a file path, for tests), else $XDG_CONFIG_HOME/coup/config.json, else ~/.config/coup/... */
export function configPath(env: NodeJS.ProcessEnv = process.env): string {
  if (env.COUP_CONFIG) return env.COUP_CONFIG;
  const base = env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(base, 'coup', 'config.json');
}

/** The saved config, or null when there is none. A broken file is a usage error, never silently ignored. */
export async function readConfig(path = configPath()): Promise<SavedConfig | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (err) {
    if ((err as { code?: string }).code === 'ENOENT') return null;
    throw new CliError(`cannot read ${path}: ${(err as Error).message}`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new CliError(`${path} is not valid JSON: fix it, delete it, or run coup platform signup again`);
  }
  const c = value as Partial<SavedConfig> | null;
  if (!c || typeof c !== 'object' || typeof c.url !== 'string' || typeof c.apiKey !== 'string') {
    throw new CliError(`${path} has no "url" and "apiKey": delete it or run coup platform signup again`);
  }
  return c as SavedConfig;
}

/**
 * Writes the config readable by its owner only (it holds an API key): a temporary file created with
 * mode 600, then renamed over the old one, so a crash never leaves a half-written key behind.
 */
export async function writeConfig(config: SavedConfig, path = configPath()): Promise<void> {
  try {
    await mkdir(dirname(path), { recursive: true, mode: 0o700 });
    const tmp = `${path}.${process.pid}.tmp`;
    await writeFile(tmp, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
    // The mode of writeFile only applies to a new file (and goes through the umask): set it explicitly.
    await chmod(tmp, 0o600);
    await rename(tmp, path);
  } catch (err) {
    throw new CliError(`cannot write ${path}: ${(err as Error).message}`);
  }
}
