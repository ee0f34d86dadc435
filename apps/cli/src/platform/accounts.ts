import { CliError, EXIT_FAILED, ExitCode } from '../errors.ts';
import { writeConfig } from './config.ts';
import type { PlatformContext } from './context.ts';
import { note, print, printJson } from './format.ts';
import type { Account, AccountCreated } from './types.ts';

/**
 * `coup platform signup <name>`: creates an account, saves the platform URL and the key (mode 600) and
 * prints the key: the only time it is ever shown. An existing saved key is not replaced without --force,
 * since the platform stores only its hash: overwriting it could lock its owner out of their agents.
 */
export async function signup(ctx: PlatformContext, name: string, force: boolean): Promise<void> {
  if (ctx.config && !force) {
    const who = ctx.config.account ? ` as ${ctx.config.account.name}` : '';
    throw new CliError(
      `already signed up${who} on ${ctx.config.url} (key saved in ${ctx.configPath}); ` +
        'pass --force to replace it, or set COUP_CONFIG to keep another config file',
    );
  }
  const created = await ctx.client.post<AccountCreated>('/accounts', { name }, false);
  let saveError: string | null = null;
  try {
    await writeConfig(
      {
        url: ctx.url,
        apiKey: created.apiKey,
        account: { id: created.account.id, name: created.account.name },
      },
      ctx.configPath,
    );
  } catch (err) {
    saveError = err instanceof Error ? err.message : String(err);
  }
  if (!printJson(ctx, { ...created, savedTo: saveError ? null : ctx.configPath })) {
    print(`signed up as ${created.account.name} (${created.account.id}) on ${ctx.url}`);
    const where = saveError ? 'NOT saved' : `saved to ${ctx.configPath}, readable only by you`;
    print(`API key (shown once; ${where}):`);
    print(`  ${created.apiKey}`);
    if (!saveError) print('next: coup platform agents register <name> --url <your agent> (or --ws)');
  }
  if (saveError) {
    note(`coup: ${saveError}`);
    note('coup: keep the key above: pass it with --key or COUP_API_KEY');
    throw new ExitCode(EXIT_FAILED);
  }
}

/** `coup platform whoami`: the account of the key in use (only the key's public prefix is shown). */
export async function whoami(ctx: PlatformContext): Promise<void> {
  const me = await ctx.client.get<Account>('/accounts/me', undefined, true);
  if (printJson(ctx, { ...me, url: ctx.url })) return;
  print(`${me.name} (${me.id}) on ${ctx.url}${me.isAdmin ? ', operator' : ''}`);
  print(`key ${me.keyPrefix}… from ${ctx.client.keyOrigin()}`);
}
