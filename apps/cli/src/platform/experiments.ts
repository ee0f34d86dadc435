import { readFile } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { CliError } from '../errors.ts';
import { ApiError } from './client.ts';
import type { PlatformContext } from './context.ts';
import { note, num, pct, print, printJson, table, when } from './format.ts';
import type { Experiment, ExperimentSummary, PairedDifference } from './types.ts';
import { collectPages } from './pages.ts';

const POLL_MS = 1000;

/** What to do instead, by the API's error code. */
const CREATE_HINTS: Record<string, string> = {
  model_not_allowed: "(the platform's models: curl <platform>/v1/models)",
  too_many_experiment_matches: '(ask for fewer --deals or fewer prompts)',
  too_many_active_matches: '(wait for your running experiments and matches to end)',
  llm_not_configured: '(this platform hosts no language models: ask its operator)',
};

export interface CreateOptions {
  model: string;
  promptFile: string[];
  label?: string[];
  opponent: string[];
  deals: number;
  name?: string;
  seed?: string;
  wait: boolean;
}

/** `experiments create`: starts it; with --wait, follows it to the end and prints the results. */
export async function createExperiment(ctx: PlatformContext, o: CreateOptions): Promise<void> {
  if (o.promptFile.length < 2)
    throw new CliError('give at least 2 --prompt-file (the first is the baseline)');
  if (o.label && o.label.length !== o.promptFile.length) {
    throw new CliError(`give one --label per --prompt-file (${o.promptFile.length}), or none`);
  }
  const strategyPrompts = await Promise.all(
    o.promptFile.map((file) =>
      readFile(file, 'utf8').catch((err: unknown) => {
        throw new CliError(`cannot read ${file}: ${(err as Error).message}`);
      }),
    ),
  );
  const created = await ctx.client
    .call('POST /experiments', {
      body: {
        modelName: o.model,
        strategyPrompts,
        opponents: o.opponent,
        deals: o.deals,
        ...(o.label ? { labels: o.label } : {}),
        ...(o.name !== undefined ? { name: o.name } : {}),
        ...(o.seed !== undefined ? { seed: o.seed } : {}),
      },
    })
    .catch((err: unknown) => {
      const hint = err instanceof ApiError ? CREATE_HINTS[err.code] : undefined;
      throw hint && err instanceof ApiError ? new ApiError(err.message, err.code, err.status, hint) : err;
    });
  if (!o.wait) {
    if (printJson(ctx, created)) return;
    print(
      `started experiment ${created.id}: ${created.prompts.length} prompts x ${created.deals} deals ` +
        `(${created.progress.matchesPlanned} matches)`,
    );
    print(`follow it: coup platform experiments show ${created.id}   (or ${created.links.web})`);
    return;
  }
  note(
    `started experiment ${created.id}; waiting for it to finish (Ctrl-C stops waiting, not the experiment: ` +
      `coup platform experiments cancel ${created.id} does)`,
  );
  let e = created;
  let shown = -1;
  while (e.status === 'running') {
    await sleep(POLL_MS);
    e = await ctx.client.call('GET /experiments/:id', { params: { id: e.id }, auth: true });
    if (e.progress.dealsComplete !== shown) {
      shown = e.progress.dealsComplete;
      note(`${shown} of ${e.deals} deals complete`);
    }
  }
  if (!printJson(ctx, e)) print(describeExperiment(e, false));
}

/** `experiments show`: progress, per-prompt figures, and each prompt against the baseline. */
export async function showExperiment(ctx: PlatformContext, id: string, deals: boolean): Promise<void> {
  // With the key when there is one: the owner also sees the prompts.
  const e = await ctx.client.call('GET /experiments/:id', { params: { id }, auth: hasKey(ctx) });
  if (printJson(ctx, e)) return;
  print(describeExperiment(e, deals));
}

/** What to do instead, by the API's error code. */
const CANCEL_HINTS: Record<string, string> = {
  experiment_finished: '(its results: coup platform experiments show <id>)',
  forbidden: "(only the experiment's owner can cancel it: check the API key in use)",
};

/**
 * `experiments cancel`: no more deals; its queued and running matches are aborted (reason `cancelled`).
 * Cancelling a cancelled experiment again is fine; a finished one cannot be (exit 1).
 */
export async function cancelExperiment(ctx: PlatformContext, id: string): Promise<void> {
  const e = await ctx.client.call('DELETE /experiments/:id', { params: { id } }).catch((err: unknown) => {
    const hint = err instanceof ApiError ? CANCEL_HINTS[err.code] : undefined;
    throw hint && err instanceof ApiError ? new ApiError(err.message, err.code, err.status, hint) : err;
  });
  if (printJson(ctx, e)) return;
  const p = e.progress;
  print(
    `cancelled experiment ${e.id}: ${p.dealsComplete} of ${e.deals} deals complete` +
      (p.matchesAborted ? `, ${p.matchesAborted} matches aborted` : '') +
      ` (its results so far: coup platform experiments show ${e.id})`,
  );
}

const signed = (x: number, f: (v: number) => string) => (x > 0 ? `+${f(x)}` : f(x));
const pctOf = (x: number) => pct(x);
const placeOf = (x: number) => num(x, 2);

/** "+54.2% [+33.1%, +75.2%]": a difference and its interval. */
function interval(d: PairedDifference, f: (v: number) => string): string {
  if (d.difference === null) return '-';
  const ci = d.ciLow !== null && d.ciHigh !== null ? ` [${signed(d.ciLow, f)}, ${signed(d.ciHigh, f)}]` : '';
  return `${signed(d.difference, f)}${ci}`;
}

export function describeExperiment(e: Experiment | ExperimentSummary, withDeals: boolean): string {
  const p = e.progress;
  const lines = [
    `experiment ${e.id} "${e.name}": ${e.status}, model ${e.modelName}, ${e.seatsPerMatch} seats against ` +
      `${e.opponents.map((o) => o.name).join(', ')}`,
    `${p.dealsComplete} of ${e.deals} deals complete` +
      (p.dealsExcluded ? `, ${p.dealsExcluded} left out (an aborted match)` : '') +
      (p.matchesActive ? `, ${p.matchesActive} matches queued or running` : '') +
      `; created ${when(e.createdAt)}` +
      (e.finishedAt ? `, ${e.status === 'cancelled' ? 'cancelled' : 'finished'} ${when(e.finishedAt)}` : ''),
    table(
      ['#', 'prompt', 'agent', 'deals', 'wins', 'win rate', 'mean place'],
      e.prompts.map((x) => [
        x.index + 1,
        x.index === 0 ? `${x.label} (baseline)` : x.label,
        x.agentId,
        x.deals,
        x.wins,
        pct(x.winRate),
        num(x.meanPlace, 2),
      ]),
      ['right', 'left', 'left', 'right', 'right', 'right', 'right'],
    ),
  ];
  if (e.comparisons.length > 0) {
    const base = e.prompts[0]?.label ?? 'prompt 1';
    lines.push(`against ${base}, paired by deal (${Math.round(e.confidence * 100)}% confidence intervals):`);
    lines.push(
      table(
        ['prompt', 'win rate', 'significant', 'mean place', 'significant'],
        e.comparisons.map((c) => [
          e.prompts[c.prompt]?.label ?? String(c.prompt + 1),
          interval(c.winRate, pctOf),
          c.winRate.significant ? 'yes' : 'no',
          interval(c.meanPlace, placeOf),
          c.meanPlace.significant ? 'yes' : 'no',
        ]),
        ['left', 'right', 'left', 'right', 'left'],
      ),
    );
  }
  for (const x of e.prompts)
    if (x.strategyPrompt !== undefined) lines.push(`${x.label}: ${oneLine(x.strategyPrompt)}`);
  if (e.seed !== null) lines.push(`seed ${JSON.stringify(e.seed)} (deal d: "<seed>:d")`);
  if (withDeals && 'dealResults' in e) {
    lines.push(
      table(
        ['deal', 'seat', ...e.prompts.map((x) => x.label)],
        e.dealResults.map((d) => [
          d.deal,
          d.rotation,
          ...d.matches.map((m) =>
            m.place !== null ? `${m.place} (${m.matchId})` : `${m.status} (${m.matchId})`,
          ),
        ]),
      ),
    );
  }
  return lines.join('\n');
}

const oneLine = (text: string) => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 100 ? `${flat.slice(0, 99)}…` : flat;
};

/** `experiments list`: newest first, one line each with the first comparison. */
export async function listExperiments(
  ctx: PlatformContext,
  o: { mine: boolean; status?: string; limit: number },
): Promise<void> {
  const owner = o.mine ? (await ctx.client.call('GET /accounts/me', { auth: true })).id : undefined;
  const items = await collectPages(o.limit, (cursor, limit) =>
    ctx.client.call('GET /experiments', { query: { owner, status: o.status, cursor, limit } }),
  );
  if (printJson(ctx, items)) return;
  if (items.length === 0) {
    print(o.mine ? 'no experiments yet: coup platform experiments create --help' : 'no experiments');
    return;
  }
  print(
    table(
      ['id', 'name', 'status', 'model', 'prompts', 'deals', 'created', 'win rate vs the first'],
      items.map((e) => [
        e.id,
        e.name,
        e.status,
        e.modelName,
        e.prompts.map((x) => x.label).join(', '),
        `${e.progress.dealsComplete}/${e.deals}`,
        when(e.createdAt),
        e.comparisons
          .map((c) => `${interval(c.winRate, pctOf)}${c.winRate.significant ? ' *' : ''}`)
          .join('; '),
      ]),
    ),
  );
}

/** Whether a key is at hand for this platform (sent only then, so anyone can read an experiment). */
const hasKey = (ctx: PlatformContext) => ctx.client.keyOrigin() !== 'nowhere';
