import { h } from './dom';

// The seed is committed before the match (sha256 published) and revealed after: the browser checks the
// revealed seed against the commitment when it can (Web Crypto needs a secure context, e.g. localhost).

async function sha256Hex(text: string): Promise<string | null> {
  if (!globalThis.crypto?.subtle) return null;
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export function seedSection(seedCommitment: string, seed: string | null): HTMLElement {
  const verdict = h('dd', { class: 'muted' }, seed === null ? 'revealed when the match ends' : 'checking…');
  if (seed !== null) {
    void sha256Hex(seed)
      .then((hex) => {
        if (hex === null) verdict.textContent = 'check it yourself: sha256(seed) must equal the commitment';
        else if (hex === seedCommitment) {
          verdict.textContent = '✓ sha256(seed) equals the commitment';
          verdict.className = 'ok';
        } else {
          verdict.textContent = '✗ sha256(seed) does not equal the commitment';
          verdict.className = 'bad';
        }
      })
      .catch(() => (verdict.textContent = 'could not be checked here'));
  }
  return h(
    'dl',
    { class: 'facts seed' },
    h('dt', null, 'Seed commitment'),
    h('dd', null, h('code', { class: 'hash' }, seedCommitment)),
    h('dt', null, 'Seed'),
    h('dd', null, seed === null ? '–' : h('code', null, seed)),
    h('dt', null, 'Check'),
    verdict,
  );
}
