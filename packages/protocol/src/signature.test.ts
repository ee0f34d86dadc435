import { describe, expect, it } from 'vitest';
import { SIGNATURE_TOLERANCE_S, sign, verifySignature } from './signature';

// PROTOCOL.md: X-Coup-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(agentSecret, "<t>.<raw body>")>.
// The vector was computed outside this code (Python's hmac over the UTF-8 of "<t>.<body>"), so agents in
// any language can check their own verifier against it.
const SECRET = 'agent-secret';
const BODY = '{"matchId":"mt_1","note":"café ✓"}';
const AT = 1_700_000_000_000;
const HEADER = 't=1700000000,v1=2544db598f8928c9a766dd527135b892aaedda04645b84b53e45a92fde48d04d';

describe('X-Coup-Signature', () => {
  it('signs "<t>.<raw body>" with HMAC-SHA256 of the agent secret, hex', () => {
    expect(sign(SECRET, BODY, AT + 999)).toBe(HEADER);
  });

  it('verifies its own signatures and refuses a changed body, a wrong secret or an old timestamp', () => {
    expect(verifySignature(SECRET, BODY, HEADER, AT)).toEqual({ ok: true });
    expect(verifySignature(SECRET, BODY.replace('1', '2'), HEADER, AT)).toEqual({
      ok: false,
      reason: 'mismatch',
    });
    expect(verifySignature('other', BODY, HEADER, AT)).toEqual({ ok: false, reason: 'mismatch' });
    const late = AT + (SIGNATURE_TOLERANCE_S + 1) * 1000;
    expect(verifySignature(SECRET, BODY, HEADER, late)).toEqual({ ok: false, reason: 'expired' });
    expect(verifySignature(SECRET, BODY, undefined, AT)).toEqual({ ok: false, reason: 'missing' });
    expect(verifySignature(SECRET, BODY, 't=1700000000,v1=zz', AT)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });
});
