import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { migrationsDir } from '../paths.ts';
import { createTestDatabase } from '../testing.ts';
import { migrate, readMigrations } from './apply.ts';

// Agents registered before history modes existed keep receiving what they did (protocol 1): the migration
// that adds agents.history_mode sets them to `full`, while new rows default to `delta`.

const MIGRATION = '20261123193209_wire_history_mode';
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

describe('the wire_history_mode migration', () => {
  it('sets existing agents to full and new ones to delta, wantsPrompt true for both', async () => {
    const db = await createTestDatabase({ migrate: false });
    cleanups.push(db.drop);
    // The migrations before this one, then an agent, then the rest.
    const before = mkdtempSync(path.join(os.tmpdir(), 'coup-mig-'));
    cleanups.push(() => rmSync(before, { recursive: true, force: true }));
    const names = readMigrations().map((m) => m.name);
    expect(names).toContain(MIGRATION);
    for (const name of names.slice(0, names.indexOf(MIGRATION))) {
      cpSync(path.join(migrationsDir, name), path.join(before, name), { recursive: true });
    }
    await migrate(db.url, { migrationsDir: before });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    cleanups.push(() => client.end());
    const insertAgent = (id: string) =>
      client.query(
        `INSERT INTO agents (id, owner_id, name, transport, endpoint_url, secret_hash, secret_enc, updated_at)
         VALUES ($1, 'ac_old', $1, 'http', 'http://127.0.0.1:9', $1, 'x', now())`,
        [id],
      );
    await client.query(
      `INSERT INTO accounts (id, name, api_key_hash, api_key_prefix) VALUES ('ac_old', 'old', 'h', 'p')`,
    );
    await insertAgent('ag_old');
    await migrate(db.url);
    await insertAgent('ag_new');
    const rows = await client.query<{ id: string; history_mode: string; wants_prompt: boolean }>(
      'SELECT id, history_mode, wants_prompt FROM agents ORDER BY id',
    );
    expect(rows.rows).toEqual([
      { id: 'ag_new', history_mode: 'delta', wants_prompt: true },
      { id: 'ag_old', history_mode: 'full', wants_prompt: true },
    ]);
  });
});
