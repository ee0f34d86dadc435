import { seedCommitment } from '@coup/random';
import { h } from './dom';

// The seed is committed before the match (sha256 published) and revealed after: the browser checks the
// revealed seed against the commitment with the platform's own seedCommitment (no secure context needed).

export function seedSection(commitment: string, seed: string | null): HTMLElement {
  let verdict: HTMLElement;
  if (seed === null) verdict = h('dd', { class: 'muted' }, 'revealed when the match ends');
  else if (seedCommitment(seed) === commitment)
    verdict = h('dd', { class: 'ok' }, '✓ sha256(seed) equals the commitment');
  else verdict = h('dd', { class: 'bad' }, '✗ sha256(seed) does not equal the commitment');
  return h(
    'dl',
    { class: 'facts seed' },
    h('dt', null, 'Seed commitment'),
    h('dd', null, h('code', { class: 'hash' }, commitment)),
    h('dt', null, 'Seed'),
    h('dd', null, seed === null ? '–' : h('code', null, seed)),
    h('dt', null, 'Check'),
    verdict,
  );
}
