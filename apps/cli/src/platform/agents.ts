import { readFile } from 'node:fs/promises';
import { CliError, EXIT_FAILED, ExitCode } from '../errors.ts';
import type { PlatformContext } from './context.ts';
import { normalizeUrl } from './context.ts';
import { num, print, printJson, table } from './format.ts';
import { collectPages } from './pages.ts';

/** `agents list [--mine]`: newest first, following the API's cursor pages up to --limit agents. */
export async function listAgents(ctx: PlatformContext, o: { mine: boolean; limit: number }): Promise<void> {
  const owner = o.mine ? (await ctx.client.call('GET /accounts/me', { auth: true })).id : undefined;
  const agents = await collectPages(o.limit, (cursor, limit) =>
    ctx.client.call('GET /agents', { query: { owner, cursor, limit } }),
  );
  if (printJson(ctx, agents)) return;
  if (agents.length === 0) {
    print(o.mine ? 'no agents yet: coup platform agents register <name> --url <endpoint>' : 'no agents');
    return;
  }
  print(
    table(
      ['id', 'name', 'owner', 'transport', 'status', 'queued', 'rating', 'rd', 'games'],
      agents.map((a) => [
        a.id,
        a.isHouse ? `${a.name} (house)` : a.name,
        a.owner.name,
        a.transport,
        a.status,
        a.inQueue ? 'yes' : '-',
        num(a.rating?.rating),
        num(a.rating?.rd),
        a.rating?.games ?? 0,
      ]),
      ['left', 'left', 'left', 'left', 'left', 'left', 'right', 'right', 'right'],
    ),
  );
  // Reasons are shown to owners only: why the platform paused an agent or took it out of the queue.
  for (const a of agents) {
    if (a.statusReason) print(`${a.name}: ${a.status}: ${a.statusReason}`);
    if (a.queueReason && !a.inQueue) print(`${a.name}: left the queue: ${a.queueReason}`);
  }
}

export interface RegisterOptions {
  url?: string;
  ws: boolean;
  llm?: boolean;
  model?: string;
  promptFile?: string;
  /** historyMode: `delta` (the platform's default) or `full` (PROTOCOL.md "History modes"). */
  history?: 'delta' | 'full';
  /** false: decision requests leave out the plain-text prompt (wantsPrompt false). */
  prompt?: boolean;
}

/** `agents register`: the agent's id and secret, shown once, with how to run an agent that uses it. */
export async function registerAgent(ctx: PlatformContext, name: string, o: RegisterOptions): Promise<void> {
  const kinds = [o.url !== undefined, o.ws, o.llm === true].filter(Boolean).length;
  if (kinds > 1) throw new CliError('give one of --url <endpoint>, --ws or --llm');
  if (kinds === 0) {
    throw new CliError(
      'give --url <endpoint> (an HTTP agent the platform calls), --ws (it connects) or --llm --model <model> ' +
        '(the platform plays the model)',
    );
  }
  if (o.llm && o.model === undefined) {
    throw new CliError("an --llm agent needs --model <model>: one of the platform's models (GET /v1/models)");
  }
  const endpointUrl = o.url !== undefined ? normalizeUrl(o.url, '--url (the agent endpoint)') : undefined;
  let strategyPrompt: string | undefined;
  if (o.promptFile !== undefined) {
    try {
      strategyPrompt = await readFile(o.promptFile, 'utf8');
    } catch (err) {
      throw new CliError(`cannot read ${o.promptFile}: ${(err as Error).message}`);
    }
    if (strategyPrompt.trim() === '') throw new CliError(`${o.promptFile} is empty`);
  }
  const created = await ctx.client.call('POST /agents', {
    body: {
      name,
      transport: o.llm ? 'llm' : o.ws ? 'ws' : 'http',
      ...(endpointUrl !== undefined ? { endpointUrl } : {}),
      ...(o.model !== undefined ? { modelName: o.model } : {}),
      ...(strategyPrompt !== undefined ? { strategyPrompt } : {}),
      ...(o.history !== undefined ? { historyMode: o.history } : {}),
      ...(o.prompt === false ? { wantsPrompt: false } : {}),
    },
  });
  if (printJson(ctx, created)) return;
  const a = created.agent;
  print(`registered agent ${a.name}: ${a.id} (${a.transport}${endpointUrl ? `, ${endpointUrl}` : ''})`);
  // An llm agent is played by the platform itself: it has no program to give a secret to.
  if (!o.llm) {
    print('agent secret (shown once: keep it, the agent needs it):');
    print(`  ${created.secret}`);
  }
  if (endpointUrl) {
    const port = new URL(endpointUrl).port || (endpointUrl.startsWith('https:') ? '443' : '80');
    print('the platform signs every request with it (X-Coup-Signature); serve your agent with it, e.g.');
    print(`  coup bot serve heuristic --port ${port} --secret <secret>`);
    print('  or the SDK: createAgent({ secret, decide }).listen(port)   (@coup/sdk)');
  } else if (o.llm) {
    print(`the platform plays it with model ${o.model ?? ''}: no program to run and no secret to keep.`);
    print(
      `try it before queueing: coup play llm:${o.model ?? '<model>'} bot:heuristic (with LLM_BASE_URL set)`,
    );
  } else {
    const wsUrl = `${ctx.url.replace(/^http/, 'ws')}/v1/agents/connect`;
    print('your agent connects with it, e.g. with the SDK (@coup/sdk):');
    print(`  createAgent({ decide }).connect('${wsUrl}', '<secret>')`);
  }
  print(`then: coup platform agents check ${a.id}`);
}

/** `agents check`: the platform sends the agent a sample decision; exit 1 unless it answered legally. */
export async function checkAgent(ctx: PlatformContext, id: string): Promise<void> {
  const r = await ctx.client.call('POST /agents/:id/check', { params: { id } });
  if (!printJson(ctx, r)) {
    const latency = `${Math.round(r.latencyMs)} ms`;
    if (r.ok) {
      print(`ok: ${id} answered a legal action in ${latency}: ${short(r.answer)}`);
    } else {
      const fault = r.fault ? `${r.fault.reason}: ${r.fault.message}` : 'no fault reported';
      print(`FAIL: ${id} after ${latency}: ${fault}`);
      if (r.answer !== null && r.answer !== undefined) print(`answer: ${short(r.answer)}`);
    }
  }
  if (!r.ok) throw new ExitCode(EXIT_FAILED);
}

function short(value: unknown): string {
  const s = JSON.stringify(value) ?? String(value);
  return s.length > 200 ? `${s.slice(0, 200)}…` : s;
}

/** `agents pause|resume`: a paused agent plays no new matches (and leaves the ranked queue). */
export async function setAgentStatus(
  ctx: PlatformContext,
  id: string,
  action: 'pause' | 'resume',
): Promise<void> {
  const a = await ctx.client.call(`POST /agents/:id/${action}`, { params: { id } });
  if (printJson(ctx, a)) return;
  print(`${a.name} (${a.id}): ${a.status}`);
}

export async function deleteAgent(ctx: PlatformContext, id: string): Promise<void> {
  await ctx.client.call('DELETE /agents/:id', { params: { id } });
  if (printJson(ctx, { id, deleted: true })) return;
  print(`deleted agent ${id} (its past matches and replays stay)`);
}

/** `agents queue|unqueue`: join or leave the ranked queue the matchmaker forms matches from. */
export async function setQueued(ctx: PlatformContext, id: string, join: boolean): Promise<void> {
  const q = await ctx.client.call(join ? 'POST /agents/:id/queue' : 'DELETE /agents/:id/queue', {
    params: { id },
  });
  if (printJson(ctx, q)) return;
  if (q.inQueue) print(`${q.agentId} is in the ranked queue (since ${q.joinedAt ?? 'now'})`);
  else print(`${q.agentId} is not in the ranked queue${q.reason ? ` (${q.reason})` : ''}`);
}
