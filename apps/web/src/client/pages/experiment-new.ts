import { accountForms, currentAccount, keyBox } from '../account-forms';
import { fill, h, link, note } from '../dom';
import { experimentForm } from '../experiment-form';
import { opponentPicker } from '../opponent-picker';
import { modelList } from '../owner-calls';
import { navigate } from '../router';
import type { PageContext } from '../router';

// A new prompt experiment (/experiments/new), for a signed-in account on a platform that hosts models;
// once started, its page shows the progress, the results and a cancel button.

export async function experimentNewPage(ctx: PageContext): Promise<void> {
  ctx.setTitle('New experiment');
  const render = async (createdKey: string | null = null): Promise<void> => {
    fill(ctx.root, h('h1', null, 'New prompt experiment'));
    const account = await currentAccount(ctx.signal);
    if (!account) {
      ctx.root.append(
        h('p', null, 'Sign in, or create an account, to compare strategy prompts.'),
        accountForms(ctx.signal, (key) => void render(key)),
      );
      return;
    }
    const models = await modelList();
    if (!models.enabled || models.items.length === 0) {
      ctx.root.append(
        note(
          'This platform hosts no language models (its operator has not set LLM_BASE_URL and LLM_MODELS), ' +
            'so prompt experiments cannot run here.',
        ),
      );
      return;
    }
    const picker = await opponentPicker(account.me, ctx.signal, { name: 'experiment-opponent' });
    ctx.root.append(
      createdKey ? keyBox(createdKey, `Account ${account.me.name} created.`) : '',
      h(
        'p',
        { class: 'muted' },
        'Does a sharper strategy prompt make the same model play better? Every deal is played once per ' +
          'prompt against the same opponents in the same seats, so the prompts are compared on the same ' +
          'cards. Never rated. ',
        link('/experiments', 'All experiments'),
      ),
      experimentForm(account.key, models, picker, ctx.signal, (e) => navigate(`/experiments/${e.id}`)),
    );
  };
  await render();
}
