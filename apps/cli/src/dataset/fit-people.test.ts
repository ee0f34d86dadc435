import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePeopleModel, peopleModelFile } from '@coup/bots';
import type { PeopleModelFile } from '@coup/bots';
import { syntheticGame } from '@coup/archive';
import { writeArchiveFile } from '@coup/archive/testing';
import { createTestDatabase, type TestDatabase } from '@coup/db/testing';
import { exitOf, runCli, startCli, waitForOutput } from '../testing/cli.ts';

let db: TestDatabase;
let dir: string;
let file: string;

// 60 valid games of both types (a seat in four is an ai), and 6 games of ais only.
const games = Array.from({ length: 60 }, (_, i) => syntheticGame(`fit:${i}`));
const withPeople = games.filter((g) => g.playerIds.some((id) => id !== 'ai')).length;
const aiOnly = Array.from({ length: 6 }, (_, i) => {
  const g = syntheticGame(`ai:${i}`);
  return { ...g, playerIds: g.playerIds.map(() => 'ai') };
});

const readModel = async (path: string) => peopleModelFile.parse(JSON.parse(await readFile(path, 'utf8')));
const withoutSource = (m: PeopleModelFile) => ({
  ...m,
  source: { ...m.source, description: '', fittedAt: '' },
});

beforeAll(async () => {
  db = await createTestDatabase();
  dir = await mkdtemp(join(tmpdir(), 'cli-fit-people-'));
  file = join(dir, 'games.json.gz');
  await writeArchiveFile(file, [...games, ...aiOnly], { gzip: true });
}, 60_000);

afterAll(async () => {
  await db?.drop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('coup dataset fit-people', () => {
  it("fits on an archive file's games with people and writes the model to --out", async () => {
    const out = join(dir, 'from-file.json');
    const r = await runCli(['dataset', 'fit-people', '--file', file, '--out', out]);
    expect(r.stderr).not.toMatch(/coup:/);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^people model fitted on archive file games\.json\.gz\n/);
    expect(r.stdout).toContain(`games 66, with people ${withPeople}; game types: original, inquisitors\n`);
    expect(r.stdout).toMatch(/people's decisions: actions \d+, challenge chances \d+, block chances \d+/);
    expect(r.stdout).toContain(`wrote ${out} (`);
    const m = await readModel(out);
    expect(m.source).toMatchObject({
      description: 'archive file games.json.gz',
      games: 66,
      gamesWithPeople: withPeople,
    });
    expect(withPeople).toBeGreaterThan(50);
    expect(() => parsePeopleModel(m)).not.toThrow();
  }, 60_000);

  it('fits on a dataset of the database, by name or id: the same model as from its file', async () => {
    const imported = await runCli(['dataset', 'import', file, '--name', 'people-fit'], {
      DATABASE_URL: db.url,
    });
    expect(imported.code, imported.stderr).toBe(0);
    const id = /dataset (hds_\w+)/.exec(imported.stdout)?.[1] as string;
    const byName = join(dir, 'by-name.json');
    const byId = join(dir, 'by-id.json');
    const fromFile = join(dir, 'from-file-2.json');
    const [a, b] = await Promise.all([
      runCli(['dataset', 'fit-people', '--file', file, '--out', fromFile]).then(async (f) => {
        expect(f.code, f.stderr).toBe(0);
        return runCli(['dataset', 'fit-people', 'people-fit', '--out', byName], { DATABASE_URL: db.url });
      }),
      runCli(['dataset', 'fit-people', id, '--out', byId, '--database-url', db.url]),
    ]);
    expect(a.code, a.stderr).toBe(0);
    expect(b.code, b.stderr).toBe(0);
    expect(a.stdout).toMatch(new RegExp(`^people model fitted on dataset ${id} \\(people-fit\\)\\n`));
    const expected = withoutSource(await readModel(fromFile));
    expect(withoutSource(await readModel(byName))).toEqual(expected);
    expect(withoutSource(await readModel(byId))).toEqual(expected);
  }, 90_000);

  it('says what is wrong: bad usage (exit 2), nothing to fit or nowhere to write (exit 1)', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'coup-data-'));
    const noDb = { DATABASE_URL: '', COUP_DATA_DIR: empty };
    const out = join(dir, 'kept.json');
    await writeFile(out, 'the model before');
    const aiFile = join(dir, 'ai.json');
    await writeArchiveFile(aiFile, aiOnly, { compact: true });
    const cases: [string[], Record<string, string>, number, RegExp][] = [
      [[], {}, 2, /give a dataset \(its id or name\) or --file/],
      [['people-fit', '--file', file], {}, 2, /not both/],
      [
        ['people-fit'],
        noDb,
        2,
        /no database: set DATABASE_URL or pass --database-url .* or fit on a file with --file/,
      ],
      [['nope', '--out', out], { DATABASE_URL: db.url }, 1, /no dataset "nope"/],
      [['--file', join(dir, 'not-there.json'), '--out', out], {}, 1, /cannot read .*not-there\.json/],
      [['--file', aiFile, '--out', out], {}, 1, /no game with people in archive file ai\.json \(6 games/],
      [
        ['--file', file, '--out', join(dir, 'no-such-dir', 'm.json')],
        {},
        1,
        /cannot write the model to .*no-such-dir/,
      ],
      [['--file', file, '--out', ''], {}, 2, /--out must not be empty/],
    ];
    for (const [args, env, code, message] of cases) {
      const r = await runCli(['dataset', 'fit-people', ...args], env);
      expect(r.stderr, args.join(' ')).toMatch(message);
      expect(r.code, args.join(' ')).toBe(code);
    }
    // A fit that failed left the model it would have replaced as it was.
    expect(await readFile(out, 'utf8')).toBe('the model before');
    await rm(empty, { recursive: true, force: true });
  }, 120_000);
});

describe('bot:people', () => {
  let server: ChildProcessWithoutNullStreams | null = null;
  afterAll(() => {
    if (server && server.exitCode === null) server.kill('SIGKILL');
  });

  it('plays in coup play and is served by coup bot serve people', { timeout: 60_000 }, async () => {
    server = startCli(['bot', 'serve', 'people', '--port', '0', '--quiet']);
    const [, url] = await waitForOutput(server, /^people bot listening on (http:\/\/127\.0\.0\.1:\d+)/m);
    const r = await runCli([
      'play',
      'bot:people',
      url!,
      'bot:random',
      '--games',
      '3',
      '--seed',
      'p',
      '--json',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const summary = JSON.parse(r.stdout) as { agents: { agent: string; games: number; faults: number }[] };
    expect(summary.agents.map((a) => [a.agent, a.games, a.faults])).toEqual([
      ['bot:people', 3, 0],
      [url, 3, 0],
      ['bot:random', 3, 0],
    ]);
    server.kill('SIGTERM');
    expect(await exitOf(server)).toBe(0);
  });
});
