import { CliError, EXIT_FAILED, ExitCode } from '../errors.ts';
import { writeConfig } from './config.ts';
import type { PlatformContext } from './context.ts';
import { note, print, printJson, when } from './format.ts';
import type { LlmUsageToday } from './types.ts';

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
  const created = await ctx.client.call('POST /accounts', { body: { name }, auth: false });
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

/**
 * `coup platform whoami` (also `me`, `account`): the account of the key in use (only the key's public
 * prefix is shown) and the model tokens it was charged today against its daily budget.
 */
export async function whoami(ctx: PlatformContext): Promise<void> {
  const me = await ctx.client.call('GET /accounts/me', { auth: true });
  if (printJson(ctx, { ...me, url: ctx.url })) return;
  print(`${me.name} (${me.id}) on ${ctx.url}${me.isAdmin ? ', operator' : ''}`);
  print(`key ${me.keyPrefix}… from ${ctx.client.keyOrigin()}`);
  // A platform older than the daily budgets sends none.
  if (me.llmUsage) for (const line of usageLines(me.llmUsage)) print(line);
}

const tokens = (n: number) => n.toLocaleString('en-US');
/** A cost in the operator's currency (LLM_CURRENCY), as the web UI shows it. */
const money = (x: number | null, currency: string) => (x === null ? null : `${x.toFixed(4)} ${currency}`);

/** Today's model tokens in words: the total against the budget, then one line per agent and model. */
export function usageLines(u: LlmUsageToday): string[] {
  const budget =
    u.limit === null
      ? 'no daily budget'
      : `of ${tokens(u.limit)} (LLM_TOKENS_PER_ACCOUNT_PER_DAY), ${tokens(u.remaining ?? 0)} left`;
  const cost = money(u.cost, u.currency);
  const lines = [
    `model tokens today (${u.day} UTC): ${tokens(u.used)} ${budget}; resets ${when(u.resetsAt)} UTC` +
      (cost === null ? '' : `; cost ${cost}`),
  ];
  if (u.exhausted) {
    lines.push(
      '  budget spent: new matches, tables, experiments, queue joins and checks with llm agents are refused ' +
        'until it resets (running matches finish)',
    );
  }
  for (const a of u.agents) {
    const c = money(a.cost, u.currency);
    lines.push(
      `  ${a.agentId}  ${a.model}  ${tokens(a.promptTokens)} prompt + ${tokens(a.completionTokens)} ` +
        `completion tokens in ${a.calls} answers${c === null ? '' : `, cost ${c}`}`,
    );
  }
  for (const m of u.models.filter((x) => x.exhausted)) {
    lines.push(`  model ${m.model} has spent the platform's daily budget (${tokens(m.limit)} tokens)`);
  }
  return lines;
}
