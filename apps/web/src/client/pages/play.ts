import { api, ApiError, query, send } from '../api';
import { errorBox, fill, h, note } from '../dom';
import { ordinal } from '../format';
import { navigate } from '../router';
import type { PageContext } from '../router';
import { apiKey, handTicket, signIn, signOut } from '../session';
import type { Account, AccountCreated, Agent, Page, Table } from '../types';

// Play (/play): sign in (paste an API key, or create an account: its key is kept in this browser), then
// open a casual table against 1 to 5 agents (house agents, your own, or agents whose owners allow
// challenges) and take a seat.

const MAX_OPPONENTS = 5;

const message = (err: unknown) => (err instanceof Error ? err.message : String(err));

function accountForms(ctx: PageContext, done: () => void): HTMLElement {
  const keyInput = h('input', { id: 'signin-key', type: 'password', autocomplete: 'off', required: true });
  const nameInput = h('input', {
    id: 'signup-name',
    autocomplete: 'username',
    required: true,
    minlength: 2,
    maxlength: 40,
    pattern: '[A-Za-z0-9][A-Za-z0-9_.\\-]*',
  });
  const out = h('div', { 'aria-live': 'polite' });

  const signInForm = h(
    'form',
    {
      class: 'account-form',
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const key = keyInput.value.trim();
        void send<Account>('/v1/accounts/me', { key, signal: ctx.signal })
          .then(() => {
            signIn(key);
            done();
          })
          .catch((err: unknown) => fill(out, errorBox(`Sign-in failed: ${message(err)}`)));
      },
    },
    h('h3', null, 'Sign in with your API key'),
    h('label', { for: 'signin-key' }, 'API key'),
    keyInput,
    h('button', { type: 'submit', class: 'button' }, 'Sign in'),
  );
  const signUpForm = h(
    'form',
    {
      class: 'account-form',
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        void send<AccountCreated>('/v1/accounts', {
          method: 'POST',
          body: { name: nameInput.value.trim() },
          signal: ctx.signal,
        })
          .then((created) => {
            signIn(created.apiKey);
            done();
            // Shown once by the platform: the person keeps it to sign in elsewhere.
            ctx.root.prepend(
              note(
                `Account ${created.account.name} created. Its API key, shown only this once (this browser remembers it): `,
                h('code', { class: 'api-key' }, created.apiKey),
              ),
            );
          })
          .catch((err: unknown) => fill(out, errorBox(`Could not create the account: ${message(err)}`)));
      },
    },
    h('h3', null, 'Or create an account'),
    h('label', { for: 'signup-name' }, 'Name (letters, digits, "_", "." and "-")'),
    nameInput,
    h('button', { type: 'submit', class: 'button' }, 'Create account'),
  );
  return h('div', { class: 'account-forms' }, signInForm, signUpForm, out);
}

async function opponentsForm(ctx: PageContext, key: string, me: Account): Promise<HTMLElement> {
  const list = (q: Record<string, string | number>) =>
    api<Page<Agent>>(`/v1/agents${query({ status: 'active', limit: 100, ...q })}`, ctx.signal).then((p) =>
      p.items.filter((a) => a.transport !== 'human'),
    );
  const [house, mine, open] = await Promise.all([
    list({ house: 'true' }),
    list({ owner: me.id }),
    list({ allowChallenges: 'true' }),
  ]);
  const others = open.filter((a) => a.owner.id !== me.id && !a.isHouse);
  const boxes: HTMLInputElement[] = [];
  const seatSelect = h('select', { id: 'table-seat' });
  const out = h('div', { 'aria-live': 'polite' });

  const chosen = () => boxes.filter((b) => b.checked).map((b) => b.value);
  function updateSeats(): void {
    const n = chosen().length;
    const keep = Math.min(Number(seatSelect.value || 0), n);
    fill(
      seatSelect,
      Array.from({ length: n + 1 }, (_, i) =>
        h('option', { value: i, selected: i === keep }, `${ordinal(i + 1)} (seat ${i})`),
      ),
    );
  }
  const group = (title: string, agents: readonly Agent[], empty: string) =>
    h(
      'fieldset',
      { class: 'opponents' },
      h('legend', null, title),
      agents.length === 0
        ? h('p', { class: 'muted small' }, empty)
        : h(
            'ul',
            { class: 'plain' },
            agents.map((a) => {
              const box = h('input', {
                type: 'checkbox',
                name: 'opponent',
                value: a.id,
                onchange: updateSeats,
              });
              boxes.push(box);
              return h('li', null, h('label', { class: 'check' }, box, ` ${a.name}`));
            }),
          ),
    );
  updateSeats();

  return h(
    'form',
    {
      class: 'table-form',
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const opponents = chosen();
        if (opponents.length < 1 || opponents.length > MAX_OPPONENTS) {
          return fill(out, errorBox(`Choose 1 to ${MAX_OPPONENTS} opponents (${opponents.length} chosen).`));
        }
        void send<Table>('/v1/tables', {
          method: 'POST',
          key,
          body: { opponents, seat: Number(seatSelect.value || 0) },
          signal: ctx.signal,
        })
          .then((t) => {
            handTicket(t.ticket);
            navigate(`/tables/${t.match.id}`);
          })
          .catch((err: unknown) => fill(out, errorBox(`The table could not be opened: ${message(err)}`)));
      },
    },
    group('House agents', house, 'No house agents on this platform.'),
    group('Your agents', mine, 'You have no active agents.'),
    group('Agents open to challenges', others, 'No other agent allows challenges yet.'),
    h('label', { for: 'table-seat' }, 'Your seat (turn order is drawn at the start)'),
    seatSelect,
    h('button', { type: 'submit', class: 'button primary' }, 'Open the table'),
    out,
  );
}

export async function playPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Play');
  const render = async (): Promise<void> => {
    fill(ctx.root, h('h1', null, 'Play'));
    const key = apiKey();
    let me: Account | null = null;
    if (key) {
      try {
        me = await send<Account>('/v1/accounts/me', { key, signal: ctx.signal });
      } catch (err) {
        if (!(err instanceof ApiError) || err.status !== 401) throw err;
        signOut();
        ctx.root.append(errorBox('Your saved API key no longer works: sign in again.'));
      }
    }
    if (!me) {
      ctx.root.append(
        h(
          'p',
          null,
          'Sit at a table yourself: play casual games against house bots, your own agents, or agents ' +
            'whose owners allow challenges. Your answers are timed like an agent’s, only longer.',
        ),
        accountForms(ctx, () => void render()),
      );
      return;
    }
    ctx.root.append(
      h(
        'p',
        { class: 'signed-in' },
        `Signed in as ${me.name}. `,
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
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-open' },
        h('h2', { id: 'h-open' }, 'Open a table'),
        await opponentsForm(ctx, key as string, me),
      ),
    );
  };
  await render();
}
