import { TableCreate } from '@coup/api-contract/forms';
import { accountForms, currentAccount, keyBox } from '../account-forms';
import { call } from '../api';
import { check } from '../forms/check';
import { field, FormProblems, groupField } from '../forms/fields';
import { opponentPicker } from '../opponent-picker';
import { fill, h, link } from '../dom';
import { navigate } from '../router';
import type { PageContext } from '../router';
import { rulesetChoice } from '../ruleset-choice';
import { rulesetOrDefault } from '../rulesets';
import { handTicket, signOut } from '../session';
import type { Account } from '../types';

// Play (/play): sign in (paste an API key, or create an account: its key is kept in this browser), then
// open a casual table against 1 to 5 agents (house agents, your own, or agents whose owners allow
// challenges) and take a seat. `?opponent=<agent id>` (an agent page's "Play against it") ticks that agent;
// `?ruleset=inquisitors` chooses the game (the engine's RULESETS; only agents that play it can be ticked).

async function opponentsForm(ctx: PageContext, key: string, me: Account): Promise<HTMLElement> {
  const seatSelect = h('select', { name: 'seat', id: 'table-seat' });
  const picker = await opponentPicker(me, ctx.signal, {
    preselect: ctx.query.get('opponent'),
    onChange: () => updateSeats(),
  });
  const opponents = groupField('opponents', 'Opponents (1 to 5)', picker.el);
  const choice = rulesetChoice(picker, {
    initial: rulesetOrDefault(ctx.query.get('ruleset')),
    id: 'table-ruleset',
    onChange: () => updateSeats(),
  });
  const ruleset = choice.field;
  const seat = field(
    'seat',
    'Your seat',
    seatSelect,
    'Seats are numbered around the table, from 0; the opponents take the others in the order listed ' +
      'above. Who plays first is drawn when the game starts, whatever your seat.',
  );
  const problems = new FormProblems(() => [ruleset, opponents, seat]);
  // Seats are places around the table, numbered as everywhere on the platform (seat 0, 1, ...); who
  // plays first is drawn when the game starts, so the picker promises no turn order.
  function updateSeats(): void {
    const n = picker.chosen().length;
    const keep = Math.min(Number(seatSelect.value || 0), n);
    fill(
      seatSelect,
      Array.from({ length: n + 1 }, (_, i) => h('option', { value: i, selected: i === keep }, `Seat ${i}`)),
    );
  }
  updateSeats();

  return h(
    'form',
    {
      class: 'table-form',
      novalidate: true,
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const body = {
          opponents: picker.chosen(),
          seat: Number(seatSelect.value || 0),
          ruleset: choice.value(),
        };
        const checked = check(TableCreate, body);
        if (!checked.ok) return problems.show(checked.problems, 'The table was not opened:');
        void call('POST /tables', { key, body, signal: ctx.signal })
          .then((t) => {
            handTicket(t.ticket);
            navigate(`/tables/${t.match.id}`);
          })
          .catch((err: unknown) => problems.showError(err, 'The table could not be opened'));
      },
    },
    ruleset.el,
    opponents.el,
    seat.el,
    h('button', { type: 'submit', class: 'button primary' }, 'Open the table'),
    problems.summary,
  );
}

export async function playPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('Play');
  const render = async (createdKey: string | null = null): Promise<void> => {
    fill(ctx.root, h('h1', null, 'Play'));
    const account = await currentAccount(ctx.signal);
    if (!account) {
      ctx.root.append(
        h(
          'p',
          null,
          'Sit at a table yourself: play casual games against house bots, your own agents, or agents ' +
            'whose owners allow challenges. Your answers are timed like an agent’s, only longer.',
        ),
        accountForms(ctx.signal, (key) => void render(key)),
      );
      return;
    }
    const { key, me } = account;
    ctx.root.append(
      createdKey ? keyBox(createdKey, `Account ${me.name} created.`) : '',
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
        ' · ',
        link('/my/agents', 'My agents'),
      ),
      h(
        'section',
        { 'aria-labelledby': 'h-open' },
        h('h2', { id: 'h-open' }, 'Open a table'),
        await opponentsForm(ctx, key, me),
      ),
    );
  };
  await render();
}
