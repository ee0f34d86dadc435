import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Hmac } from 'node:crypto';

// X-Coup-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>
// The timestamp is signed with the body so a captured request cannot be replayed later.

export const SIGNATURE_HEADER = 'x-coup-signature';
export const DECISION_ID_HEADER = 'x-coup-decision-id';
/** Agents reject signatures older (or newer) than this. */
export const SIGNATURE_TOLERANCE_S = 300;

/** HMAC-SHA256 of "<t>.<raw body>", fed in two parts: no concatenated copy of a large body. */
function mac(secret: string, t: number, rawBody: string): Hmac {
  return createHmac('sha256', secret).update(`${t}.`).update(rawBody);
}

export function sign(secret: string, rawBody: string, nowMs: number = Date.now()): string {
  const t = Math.floor(nowMs / 1000);
  const v1 = mac(secret, t, rawBody).digest('hex');
  return `t=${t},v1=${v1}`;
}

export type SignatureCheck =
  { ok: true } | { ok: false; reason: 'missing' | 'malformed' | 'expired' | 'mismatch' };

export function verifySignature(
  secret: string,
  rawBody: string,
  header: string | null | undefined,
  nowMs: number = Date.now(),
  toleranceS: number = SIGNATURE_TOLERANCE_S,
): SignatureCheck {
  if (!header) return { ok: false, reason: 'missing' };
  const parts = new Map<string, string>();
  for (const kv of header.split(',')) {
    const i = kv.indexOf('=');
    if (i > 0) parts.set(kv.slice(0, i).trim(), kv.slice(i + 1).trim());
  }
  const t = Number(parts.get('t'));
  const v1 = parts.get('v1');
  if (!Number.isInteger(t) || !v1 || !/^[0-9a-f]{64}$/.test(v1)) return { ok: false, reason: 'malformed' };
  if (Math.abs(nowMs / 1000 - t) > toleranceS) return { ok: false, reason: 'expired' };
  const expected = mac(secret, t, rawBody).digest();
  const given = Buffer.from(v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected)
    ? { ok: true }
    : { ok: false, reason: 'mismatch' };
}
