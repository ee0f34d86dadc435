import type { Command } from 'commander';
import type { PlatformContext, PlatformOptions } from '../platform/context.ts';

const URL_HELP =
  'platform URL (default: $COUP_URL, else the one saved by signup, else http://localhost:3000)';
const KEY_HELP = 'API key (default: $COUP_API_KEY, else the key saved by signup for that URL)';

/**
 * --url, --key and --json are accepted on the group (`coup platform --url X agents list`) and on every
 * command (`coup platform agents list --url X`). The group uses positional options so that
 * `agents register --url <endpoint>` can mean the agent's endpoint rather than the platform.
 */
export function addPlatformOptions(cmd: Command, o: { url?: boolean } = {}): Command {
  if (o.url !== false) cmd.option('--url <url>', URL_HELP);
  return cmd.option('--key <key>', KEY_HELP).option('--json', 'print the API response as JSON (for scripts)');
}

/** The platform options of a command and of the groups above it (the command's own win). */
export async function contextOf(cmd: Command, o: { leafUrl?: boolean } = {}): Promise<PlatformContext> {
  const chain: Command[] = [];
  for (let c: Command | null = cmd; c; c = c.parent) chain.unshift(c);
  const merged: PlatformOptions = {};
  for (const c of chain) {
    const v = c.opts<PlatformOptions>();
    if (v.url !== undefined && (c !== cmd || o.leafUrl !== false)) merged.url = v.url;
    if (v.key !== undefined) merged.key = v.key;
    if (v.json !== undefined) merged.json = v.json;
  }
  const { platformContext } = await import('../platform/context.ts');
  return platformContext(merged);
}
