import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { decryptSecret, encryptSecret, hashSecret, keyPrefix, newAgentSecret, newApiKey } from './crypto.ts';
import { newId } from './ids.ts';
import { secretKey } from './secret-key.ts';

const savedEnv = { SECRET_KEY: process.env.SECRET_KEY, COUP_DATA_DIR: process.env.COUP_DATA_DIR };
afterEach(() => {
  for (const [k, v] of Object.entries(savedEnv)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
});

describe('keys and ids', () => {
  it('have their prefixes and base62 bodies', () => {
    expect(newApiKey()).toMatch(/^ck_[0-9A-Za-z]{32}$/);
    expect(newAgentSecret()).toMatch(/^as_[0-9A-Za-z]{32}$/);
    expect(newId('mt')).toMatch(/^mt_[0-9A-Za-z]{20}$/);
    expect(new Set(Array.from({ length: 1000 }, () => newId('ag'))).size).toBe(1000);
    expect(keyPrefix('ck_abcdefghij')).toBe('ck_abcde');
  });

  it('hashes to sha256 hex', () => {
    expect(hashSecret('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });
});

describe('encryptSecret / decryptSecret', () => {
  it('round-trips with SECRET_KEY and uses a fresh IV each time', () => {
    process.env.SECRET_KEY = 'test-key-1';
    const secret = newAgentSecret();
    const a = encryptSecret(secret);
    const b = encryptSecret(secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain(secret);
    expect(decryptSecret(a)).toBe(secret);
    expect(decryptSecret(b)).toBe(secret);
  });

  it('rejects another key and tampering', () => {
    process.env.SECRET_KEY = 'test-key-1';
    const enc = encryptSecret('as_secret');
    process.env.SECRET_KEY = 'test-key-2';
    expect(() => decryptSecret(enc)).toThrow(/cannot decrypt/);
    process.env.SECRET_KEY = 'test-key-1';
    const parts = enc.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    expect(() => decryptSecret([...parts.slice(0, 3), body.toString('base64url')].join('.'))).toThrow();
    expect(() => decryptSecret('garbage')).toThrow(/not an encrypted secret/);
  });

  it('without SECRET_KEY, generates .data/secret.key once (mode 600) and keeps using it', () => {
    delete process.env.SECRET_KEY;
    const dir = mkdtempSync(path.join(os.tmpdir(), 'coup-key-'));
    process.env.COUP_DATA_DIR = dir;
    try {
      const enc = encryptSecret('as_persisted');
      const file = path.join(dir, 'secret.key');
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const material = readFileSync(file, 'utf8');
      expect(secretKey()).toEqual(secretKey());
      expect(decryptSecret(enc)).toBe('as_persisted');
      expect(readFileSync(file, 'utf8')).toBe(material);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
