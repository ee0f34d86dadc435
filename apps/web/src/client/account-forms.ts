import { AccountCreate } from '@coup/api-contract/forms';
import { ApiError } from './api';
import { h } from './dom';
import { check } from './forms/check';
import { field, FormProblems } from './forms/fields';
import { accountCalls } from './owner-calls';
import { secretBox } from './secret-box';
import { apiKey, signIn, signOut } from './session';
import type { AccountMe } from './types';

// Signing in and signing up, on every page that needs an account (Account, My agents, Play, a new
// experiment). The web UI's only credential is the account's API key: pasted here, or made by signing up,
// then kept in this browser's localStorage and sent as a bearer token; it never goes into a URL (the forms
// are never submitted to the server: the page calls the API itself).

export const KEY_NOTE =
  'Shown only this once: the platform keeps only its hash. This browser remembers it; copy it to sign in ' +
  'elsewhere or to use the API and the CLI (COUP_API_KEY). Lost it? Make a new one on the Account page.';

/** The signed-in account, or null (a saved key the platform no longer takes is forgotten). */
export async function currentAccount(signal: AbortSignal): Promise<{ key: string; me: AccountMe } | null> {
  const key = apiKey();
  if (!key) return null;
  try {
    return { key, me: await accountCalls.me(key, signal) };
  } catch (err) {
    if (!(err instanceof ApiError) || err.status !== 401) throw err;
    signOut();
    return null;
  }
}

/**
 * The two forms. `done` runs once signed in; after a sign-up it gets the new key, which the page shows
 * once (keyBox).
 */
export function accountForms(signal: AbortSignal, done: (createdKey: string | null) => void): HTMLElement {
  const keyInput = h('input', {
    name: 'apiKey',
    type: 'password',
    autocomplete: 'off',
    spellcheck: 'false',
    required: true,
  });
  const keyField = field('apiKey', 'API key', keyInput);
  const inProblems = new FormProblems(() => [keyField]);
  const signInForm = h(
    'form',
    {
      class: 'account-form',
      'aria-labelledby': 'h-signin',
      novalidate: true,
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const key = keyInput.value.trim();
        if (!key)
          return inProblems.show([{ field: 'apiKey', message: 'paste the API key' }], 'Sign-in failed:');
        void accountCalls
          .me(key, signal)
          .then(() => {
            signIn(key);
            done(null);
          })
          .catch((err: unknown) => inProblems.showError(err, 'Sign-in failed'));
      },
    },
    h('h3', { id: 'h-signin' }, 'Sign in with your API key'),
    keyField.el,
    h('button', { type: 'submit', class: 'button' }, 'Sign in'),
    inProblems.summary,
  );

  const nameInput = h('input', { name: 'name', autocomplete: 'username', maxlength: 40 });
  const nameField = field(
    'name',
    'Name',
    nameInput,
    '2 to 40 letters, digits, "_", "." and "-", starting with a letter or digit',
  );
  const upProblems = new FormProblems(() => [nameField]);
  const signUpForm = h(
    'form',
    {
      class: 'account-form',
      'aria-labelledby': 'h-signup',
      novalidate: true,
      onsubmit: (ev: Event) => {
        ev.preventDefault();
        const checked = check(AccountCreate, { name: nameInput.value.trim() });
        if (!checked.ok) return upProblems.show(checked.problems, 'Could not create the account:');
        void accountCalls
          .create(checked.data.name, signal)
          .then((created) => {
            signIn(created.apiKey);
            done(created.apiKey);
          })
          .catch((err: unknown) => upProblems.showError(err, 'Could not create the account'));
      },
    },
    h('h3', { id: 'h-signup' }, 'Or create an account'),
    nameField.el,
    h('button', { type: 'submit', class: 'button' }, 'Create account'),
    upProblems.summary,
  );
  return h('div', { class: 'account-forms' }, signInForm, signUpForm);
}

/** A new API key, shown once with a copy button. */
export function keyBox(key: string, lead: string): HTMLElement {
  return h(
    'div',
    { class: 'note new-key' },
    h('p', null, lead),
    secretBox({ label: 'API key', secret: key, note: KEY_NOTE, className: 'api-key' }),
  );
}
