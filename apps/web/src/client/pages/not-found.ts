import { h, link } from '../dom';
import type { PageContext } from '../router';

export function notFoundPage(ctx: PageContext): void {
  ctx.setTitle('Not found');
  ctx.root.append(
    h('h1', null, 'Page not found'),
    h(
      'p',
      null,
      'Nothing lives at ',
      h('code', null, location.pathname),
      '. Try the ',
      link('/', 'leaderboard'),
      '.',
    ),
  );
}
