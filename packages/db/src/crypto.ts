import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { randomBase62 } from './ids.ts';
import { secretKey } from './secret-key.ts';

/** sha256 hex: how API keys and agent secrets are stored and looked up (they are random, so no salt). */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret, 'utf8').digest('hex');
}

/** A new account API key: `ck_` + 32 base62 chars (~190 bits). */
export function newApiKey(): string {
  return `ck_${randomBase62(32)}`;
}

/** A new agent secret (HMAC key, WebSocket auth): `as_` + 32 base62 chars. */
export function newAgentSecret(): string {
  return `as_${randomBase62(32)}`;
}

/** The part of a key shown to its owner after creation (enough to tell keys apart, useless to an attacker). */
export function keyPrefix(key: string): string {
  return key.slice(0, 8);
}

const VERSION = 'v1';

/**
 * AES-256-GCM with a random 96-bit IV; the output `v1.<iv>.<tag>.<ciphertext>` (base64url parts) is
 * self-describing so the format or key can change later. The key comes from secretKey() unless given.
 */
export function encryptSecret(plaintext: string, key: Buffer = secretKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), body]
    .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
    .join('.');
}

/** Inverse of encryptSecret; throws if the value was tampered with or encrypted under another key. */
export function decryptSecret(encrypted: string, key: Buffer = secretKey()): string {
  const [version, iv, tag, body] = encrypted.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
    throw new Error('decryptSecret: not an encrypted secret');
  }
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  try {
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    throw new Error('decryptSecret: cannot decrypt (wrong SECRET_KEY or corrupted value)');
  }
}
