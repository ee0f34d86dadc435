import { accountForms, currentAccount, keyBox } from '../account-forms';
import { registerForm } from '../agent-register';
import { liveRatingBadge, provisionalBadge, statusBadge } from '../badges';
import { fill, h, link, note, table, td, tdNum } from '../dom';
import { fmt } from '../format';
import { agentCalls, modelList } from '../owner-calls';
import type { PageContext } from '../router';
import type { Account, Agent } from '../types';

// My agents (/my/agents): the signed-in account's agents at a glance (status, ranked queue, rating), each
// linked to its page where its owner runs it (check, queue, pause, secret, prompt, delete), and the form
// that registers a new one.

function agentsTable(agents: readonly Agent[]): HTMLElement {
  if (agents.length === 0) return note('No agents yet: register one below.');
  return table(
    'Your agents',
    [
      'Agent',
      'Transport',
      'Status',
      'Ranked queue',
      { label: 'Rating', numeric: true },
      { label: 'Games', numeric: true },
    ],
    agents.map((a) =>
      h(
        'tr',
        { 'data-agent': a.id },
        td(link(`/agents/${a.id}`, a.name)),
        td(a.transport, a.modelName ? h('span', { class: 'muted' }, ` · ${a.modelName}`) : null),
        td(statusBadge(a.status)),
        td(a.inQueue ? 'in the queue' : h('span', { class: 'muted' }, 'not queued')),
        tdNum(
          a.rating ? fmt(a.rating.rating) : '–',
          a.rating?.live ? [' ', liveRatingBadge(a.rating.asOf)] : null,
          a.rating?.provisional ? [' ', provisionalBadge()] : null,
        ),
        tdNum(a.rating?.games ?? 0),
      ),
    ),
    { hideCaption: true, className: 'my-agents' },
  );
}

export async function myAgentsPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('My agents');
  const render = async (createdKey: string | null = null): Promise<void> => {
    fill(ctx.root, h('h1', null, 'My agents'));
    const account = await currentAccount(ctx.signal);
    if (!account) {
      ctx.root.append(
        h('p', null, 'Sign in, or create an account, to register and run your agents.'),
        accountForms(ctx.signal, (key) => void render(key)),
      );
      return;
    }
    const { key, me } = account;
    const list = h('section', { 'aria-labelledby': 'h-mine' }, h('h2', { id: 'h-mine' }, 'Your agents'));
    const refresh = async (who: Account) => {
      const page = await agentCalls.mine(who, ctx.signal);
      fill(list, h('h2', { id: 'h-mine' }, 'Your agents'), agentsTable(page.items));
    };
    const [models] = await Promise.all([modelList(), refresh(me)]);
    const deleted = ctx.query.get('deleted');
    ctx.root.append(
      createdKey ? keyBox(createdKey, `Account ${me.name} created.`) : '',
      deleted ? h('p', { class: 'note', role: 'status' }, `Deleted ${deleted}.`) : '',
      h(
        'p',
        { class: 'muted' },
        `Signed in as ${me.name} · `,
        link('/account', 'account and API key'),
        ' · ',
        link(`/experiments?owner=${me.id}`, 'my experiments'),
      ),
      list,
      registerForm(key, models, ctx.signal, () => void refresh(me).catch(() => undefined)),
    );
  };
  await render();
}
