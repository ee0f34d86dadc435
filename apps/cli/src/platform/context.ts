import { CliError } from '../errors.ts';
import { PlatformClient } from './client.ts';
import type { KeySource } from './client.ts';
import { configPath, readConfig } from './config.ts';
import type { SavedConfig } from './config.ts';

export const DEFAULT_URL = 'http://localhost:3000';

/** The options every `coup platform` command takes (given on the group or on the command). */
export interface PlatformOptions {
  url?: string;
  key?: string;
  json?: boolean;
}

export interface PlatformContext {
  url: string;
  json: boolean;
  configPath: string;
  config: SavedConfig | null;
  client: PlatformClient;
}

/** The base URL without a trailing slash (a path prefix is kept: the platform may sit behind a proxy). */
export function normalizeUrl(raw: string, what = '--url'): string {
  let u: URL;
  try {
    u = new URL(raw);
  } catch {
    throw new CliError(`${what} must be an http:// or https:// URL, got ${JSON.stringify(raw)}`);
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') {
    throw new CliError(`${what} must be an http:// or https:// URL, got ${JSON.stringify(raw)}`);
  }
  if (u.search || u.hash) throw new CliError(`${what} must not have a query or fragment: ${raw}`);
  return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
}

/**
 * Which platform and which key. URL: --url, COUP_URL, the URL saved by signup, then localhost:3000.
 * Key: --key, COUP_API_KEY, then the saved key, but only for the URL it was saved for: a key is never sent
 * to another platform than the one that issued it.
 */
export async function platformContext(opts: PlatformOptions): Promise<PlatformContext> {
  const path = configPath();
  const config = await readConfig(path);
  const fromEnv = process.env.COUP_URL || undefined;
  const url = normalizeUrl(
    opts.url ?? fromEnv ?? config?.url ?? DEFAULT_URL,
    opts.url ? '--url' : fromEnv ? 'COUP_URL' : 'the saved url',
  );
  const savedFor = config ? normalizeUrl(config.url, `the url in ${path}`) : null;
  let keys: KeySource;
  if (opts.key) keys = fixed(opts.key, '--key');
  else if (process.env.COUP_API_KEY) keys = fixed(process.env.COUP_API_KEY, 'COUP_API_KEY');
  else if (config && savedFor === url) keys = fixed(config.apiKey, path);
  else {
    const other = config ? ` (the key saved in ${path} is for ${savedFor})` : '';
    keys = {
      key() {
        throw new CliError(
          `no API key for ${url}${other}: run coup platform signup <name>, or pass --key or set COUP_API_KEY`,
        );
      },
      origin: () => 'nowhere',
    };
  }
  return { url, json: opts.json ?? false, configPath: path, config, client: new PlatformClient(url, keys) };
}

function fixed(key: string, origin: string): KeySource {
  return { key: () => key, origin: () => origin };
}
