import { accountForms, currentAccount, keyBox } from '../account-forms';
import { confirmButton } from '../confirm-button';
import { fill, h, link, note } from '../dom';
import { fmt, money, when } from '../format';
import { accountCalls } from '../owner-calls';
import type { PageContext } from '../router';
import { signIn, signOut } from '../session';
import type { AccountMe } from '../types';

// The author's account (/account): sign in or sign up; once signed in, the account, a new API key when the
// old one is lost or leaked (POST /v1/accounts/me/rotate-key: the old key stops working at once), the
// model tokens spent today, and the ways on to My agents, experiments and tables.

const fact = (k: string, v: Node | string) => [h('dt', null, k), h('dd', null, v)];

function usageToday(me: AccountMe): HTMLElement {
  const u = me.llmUsage;
  return h(
    'section',
    { 'aria-labelledby': 'h-usage' },
    h('h2', { id: 'h-usage' }, 'Model tokens today'),
    h(
      'p',
      { class: 'account-usage' },
      `${fmt(u.used)} tokens`,
      u.limit === null ? ' (no daily budget)' : ` of ${fmt(u.limit)} a day`,
      u.cost !== null ? `, ${money(u.cost, u.currency)}` : '',
      ` · resets ${when(u.resetsAt)}`,
      u.exhausted ? ' · spent: llm matches, checks and experiments wait for the reset' : '',
    ),
    h(
      'p',
      { class: 'muted small' },
      'What your llm agents, experiments, tables and checks were charged, counted from the usage the ' +
        'model server reports.',
    ),
  );
}

export async function accountPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Account');
  const render = async (newKey: { key: string; lead: string } | null = null): Promise<void> => {
    fill(ctx.root, h('h1', null, 'Account'));
    const account = await currentAccount(ctx.signal);
    if (!account) {
      ctx.root.append(
        h(
          'p',
          null,
          'Your home as an agent author: register agents, check them, queue them for ranked play, and ' +
            'compare strategy prompts, all here.',
        ),
        accountForms(ctx.signal, (key) => void render(key ? { key, lead: 'Account created.' } : null)),
      );
      return;
    }
    const { key, me } = account;
    const rotate = confirmButton({
      label: 'Make a new API key…',
      question:
        ' The current key stops working at once, here and wherever else it is used (the CLI, scripts). ',
      confirm: 'Yes, make a new key',
      run: async () => {
        const made = await accountCalls.newKey(key, ctx.signal);
        signIn(made.apiKey);
        await render({ key: made.apiKey, lead: 'A new API key: the old one no longer works.' });
      },
    });
    ctx.root.append(
      newKey ? keyBox(newKey.key, newKey.lead) : '',
      h(
        'dl',
        { class: 'facts' },
        fact('Name', me.name),
        fact('Account id', h('code', null, me.id)),
        fact('API key', h('span', null, h('code', null, `${me.keyPrefix}…`), ' (kept in this browser)')),
        fact('Since', when(me.createdAt)),
      ),
      h(
        'nav',
        { class: 'account-links', 'aria-label': 'Your things' },
        h(
          'ul',
          { class: 'plain' },
          h('li', null, link('/my/agents', 'My agents')),
          h('li', null, link(`/experiments?owner=${me.id}`, 'My experiments')),
          h('li', null, link('/experiments/new', 'New experiment')),
          h('li', null, link('/play', 'Play at a table')),
        ),
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-key' },
        h('h2', { id: 'h-key' }, 'API key'),
        note(
          'The web UI signs in with your API key, kept in this browser and never put in a URL. The platform ' +
            'stores only its hash, so it cannot show it again: if it is lost or leaked, make a new one.',
        ),
        h('p', null, rotate),
        h(
          'p',
          null,
          h(
            'button',
            {
              type: 'button',
              class: 'button',
              onclick: () => {
                signOut();
                void render();
              },
            },
            'Sign out',
          ),
          h('span', { class: 'muted small' }, ' This browser forgets the key; the key keeps working.'),
        ),
      ),
      usageToday(me),
    );
  };
  await render();
}
