import { call } from '../api';
import { badge } from '../badges';
import { errorBox, h, link, note, table, td, tdNum } from '../dom';
import { humanGameViewer, playerName } from '../human/game-viewer';
import type { PageContext } from '../router';
import { rulesetBadge } from '../rulesets';
import { humanBadge } from './datasets';

// One game of a human dataset, read-only: who played (people and computer players), how it re-played
// through our engine, and the game turn by turn.

export async function humanGamePage(ctx: PageContext): Promise<void> {
  const id = ctx.params.id ?? '';
  const ordinal = ctx.params.ordinal ?? '';
  const g = await call('GET /datasets/:id/games/:ordinal', { params: { id, ordinal }, signal: ctx.signal });
  ctx.setTitle(`Human game #${g.ordinal}`);
  const fact = (k: string, v: Node | string) => [h('dt', null, k), h('dd', null, v)];
  ctx.root.append(
    h('p', null, link(`/datasets/${g.datasetId}`, '← The dataset')),
    h('h1', null, `Human game #${g.ordinal} `, humanBadge()),
    note(
      'A game people played on another Coup server, from its public archive: read-only, never a match of ' +
        'this platform. Every card is shown, as the archive recorded them.',
    ),
    h(
      'dl',
      { class: 'facts' },
      fact('Archive id', h('code', null, g.gameId)),
      fact('Game type', rulesetBadge(g.gameType)),
      fact('Winner', playerName(g.players[g.winner], g.winner)),
      fact('Turns', String(g.timeline.turns.length)),
      fact(
        'Re-played through our engine',
        h(
          'span',
          null,
          badge(
            g.replayStatus.replace('_', ' '),
            { agreed: 'ok', rules_differ: 'info', disagreed: 'bad', not_replayed: '' }[g.replayStatus],
          ),
          g.replayNote ? ` ${g.replayNote}` : '',
        ),
      ),
      g.replayDifferences.length
        ? fact(
            'Known differences of rules',
            h(
              'ul',
              { class: 'differences' },
              g.replayDifferences.map((r) => h('li', null, h('code', null, r.name), `: ${r.description}`)),
            ),
          )
        : [],
    ),
    h(
      'section',
      { 'aria-labelledby': 'h-players' },
      h('h2', { id: 'h-players' }, 'Players'),
      table(
        'Players',
        [{ label: 'Seat', numeric: true }, 'Player', 'Kind'],
        g.players.map((p) =>
          h(
            'tr',
            null,
            tdNum(p.seat),
            td(playerName(p, p.seat)),
            td(
              p.human === null
                ? 'unknown (left; the archive lost its id)'
                : p.human
                  ? 'person'
                  : 'computer player',
            ),
          ),
        ),
        { hideCaption: true },
      ),
    ),
  );
  const section = h('section', { 'aria-labelledby': 'h-game' }, h('h2', { id: 'h-game' }, 'The game'));
  if (g.timeline.turns.length === 0 && !g.final) section.append(errorBox('This game has no turns to show.'));
  else section.append(humanGameViewer(g, Number(ctx.query.get('step') ?? 0) || 0, ctx.signal));
  ctx.root.append(section);
}
