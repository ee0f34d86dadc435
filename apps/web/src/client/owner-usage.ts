import { playsHostedModel } from '@coup/transports';
import { h } from './dom';
import { fmt, money, when } from './format';
import type { AccountMe, Agent, LlmUsageToday } from './types';

// On an agent's profile, for its signed-in owner: why the platform took it out of the ranked queue (too
// many faults, a spent model budget...), and for an llm agent the model tokens charged today: this agent's,
// the account's against its daily budget (LLM_TOKENS_PER_ACCOUNT_PER_DAY), when it resets and the cost at
// the operator's prices. Nobody else sees either.

const stat = (label: string, value: string, hint?: string) =>
  h('div', { class: 'stat' }, h('dt', { title: hint ?? null }, label), h('dd', null, value));

function llmToday(u: LlmUsageToday, agentId: string): HTMLElement {
  const mine = u.agents.filter((x) => x.agentId === agentId);
  const agentTokens = mine.reduce((n, x) => n + x.promptTokens + x.completionTokens, 0);
  const spentModels = u.models.filter((m) => m.exhausted).map((m) => m.model);
  return h(
    'section',
    { class: 'llm-today', 'aria-labelledby': 'h-llm-today' },
    h('h2', { id: 'h-llm-today' }, 'Model tokens today'),
    h(
      'dl',
      { class: 'stats' },
      stat(
        'This agent',
        fmt(agentTokens),
        'Prompt + completion tokens its model calls were charged today (UTC)',
      ),
      stat('Your account', fmt(u.used), 'Every llm agent, experiment, table and check you paid for today'),
      stat(
        'Daily budget',
        u.limit === null ? 'none' : fmt(u.limit),
        "The platform's LLM_TOKENS_PER_ACCOUNT_PER_DAY",
      ),
      stat('Resets', when(u.resetsAt), 'At 00:00 UTC'),
      stat(
        'Cost today',
        money(u.cost, u.currency),
        `At the operator's prices (LLM_MODELS), in ${u.currency}`,
      ),
    ),
    u.exhausted
      ? h(
          'p',
          { class: 'note' },
          'Your daily model budget is spent: new matches, tables, experiments, queue joins and checks with ' +
            'llm agents are refused until it resets (running matches finish).',
        )
      : null,
    spentModels.length
      ? h('p', { class: 'note' }, `Spent for today across the platform: ${spentModels.join(', ')}.`)
      : null,
  );
}

/** `own`: the agent as its owner reads it (with its queue reason); `me`: the signed-in owner. */
export function ownerUsage(own: Agent, me: AccountMe): HTMLElement | null {
  const reason = !own.inQueue && own.queueReason ? own.queueReason : null;
  const parts = [
    // The reason says it all ("left the ranked queue: ..."), as the API and the CLI give it.
    reason ? h('p', { class: 'note queue-reason' }, reason) : null,
    playsHostedModel(own) ? llmToday(me.llmUsage, own.id) : null,
  ].filter((x): x is HTMLElement => x !== null);
  return parts.length ? h('div', { class: 'owner-usage' }, ...parts) : null;
}
