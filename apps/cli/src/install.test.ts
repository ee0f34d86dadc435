import { spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT, cleanEnv, npmPack, runCommand, startServer, stopServer, tempDir } from './testing/cli.ts';

// `coup` installed as a user outside the repository would: `npm pack` of apps/cli, `npm install -g` of the
// tarball (into a temporary prefix), then the installed command: --help, a local match, and
// `coup new agent` for each language, whose agent passes its own tests and plays a `coup play` match.
// Third-party packages come from npm's cache (--prefer-offline) or the registry.

const CLI_MANIFEST = path.join(REPO_ROOT, 'apps/cli/package.json');
const hasPython = spawnSync('python3', ['--version']).status === 0;

describe('the coup CLI, packed and installed with npm install -g', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  let coup = '';
  const servers: ChildProcessWithoutNullStreams[] = [];
  const installed = () => path.join(dir.path, 'prefix/lib/node_modules/@coup/cli');

  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(async () => {
    await Promise.all(servers.map(stopServer));
    await dir?.remove();
  });

  /** The installed coup, run from a folder outside the repository. */
  const runCoup = (args: string[], cwd = dir.path) => runCommand(coup, args, { cwd });

  it(
    'packs a tarball of the bundle and the kits, depending on no workspace',
    { timeout: 300_000 },
    async () => {
      const before = readFileSync(CLI_MANIFEST, 'utf8');
      const tarball = await npmPack('@coup/cli', path.join(dir.path, 'packs'));
      // prepack swapped the manifest for npm; postpack put it back.
      expect(readFileSync(CLI_MANIFEST, 'utf8')).toBe(before);
      expect(existsSync(`${CLI_MANIFEST.replace(/package\.json$/, '')}package.json.pack-source`)).toBe(false);

      const list = await runCommand('tar', ['tzf', tarball], { cwd: dir.path });
      const files = list.stdout.split('\n').filter(Boolean);
      expect(files).toEqual(
        expect.arrayContaining([
          'package/package.json',
          'package/bin/coup.js',
          'package/dist/coup.js',
          'package/dist/kits/coup-sdk-0.1.0.tgz',
          'package/dist/kits/python/coup_agent/server.py',
          'package/dist/kits/templates/ts/agent.ts',
          'package/dist/kits/fixtures/decision-action.json',
        ]),
      );
      expect(files.filter((f) => f.startsWith('package/src/'))).toEqual([]);
      const manifest = JSON.parse(
        (await runCommand('tar', ['xzf', tarball, '-O', 'package/package.json'], { cwd: dir.path })).stdout,
      ) as { dependencies: Record<string, string>; bin: Record<string, string> };
      expect(Object.keys(manifest.dependencies).filter((d) => d.startsWith('@coup/'))).toEqual([]);
      expect(manifest.dependencies).toHaveProperty('commander');
      expect(manifest.bin).toEqual({ coup: 'bin/coup.js' });

      const install = await runCommand(
        'npm',
        ['install', '-g', '--prefix', path.join(dir.path, 'prefix'), '--prefer-offline', tarball],
        { cwd: dir.path },
      );
      expect(install.code, install.log).toBe(0);
      coup = path.join(dir.path, 'prefix/bin/coup');
      expect(existsSync(coup)).toBe(true);
      expect(existsSync(path.join(installed(), 'src'))).toBe(false);
    },
  );

  it('coup --help and coup play work', { timeout: 120_000 }, async () => {
    expect(coup).not.toBe('');
    const help = await runCoup(['--help']);
    expect(help.code, help.log).toBe(0);
    expect(help.stdout).toContain('Usage: coup');
    expect(help.stdout).toMatch(/play \[options\] <agents\.\.\.>/);
    expect(help.stdout).toMatch(/new\s+start a new agent/);

    const play = await runCoup([
      'play',
      'bot:random',
      'bot:heuristic',
      '--games',
      '2',
      '--seed',
      'g',
      '--json',
    ]);
    expect(play.code, play.log).toBe(0);
    const summary = JSON.parse(play.stdout) as { games: number; agents: { agent: string; games: number }[] };
    expect(summary.games).toBe(2);
    expect(summary.agents.map((a) => [a.agent, a.games])).toEqual([
      ['bot:random', 2],
      ['bot:heuristic', 2],
    ]);

    const table = await runCoup(['play', 'bot:random', 'bot:heuristic', '--games', '2', '--seed', 'g']);
    expect(table.code, table.log).toBe(0);
    expect(table.stdout).toContain('2 games');

    // Operator commands that need the repository say so, with the usage exit code.
    const dataset = await runCoup(['dataset', 'import', 'games.json']);
    expect(dataset.code).toBe(2);
    expect(dataset.stderr).toContain('run it from a checkout of the Coup Arena repository');
  });

  /** Plays 2 matches against the agent at `url` with the installed coup; the agent must make no fault. */
  async function playAgainst(url: string, secret: string) {
    const r = await runCoup([
      'play',
      url,
      'bot:random',
      'bot:heuristic',
      '--games',
      '2',
      '--seed',
      'starter',
      '--secret',
      secret,
      '--json',
    ]);
    expect(r.code, r.log).toBe(0);
    const summary = JSON.parse(r.stdout) as { agents: { agent: string; games: number; faults: number }[] };
    expect(summary.agents[0]).toMatchObject({ agent: url, games: 2, faults: 0 });
  }

  it(
    'coup new agent --lang ts writes an agent that passes its own test and plays coup play',
    { timeout: 300_000 },
    async () => {
      expect(coup).not.toBe('');
      const made = await runCoup(['new', 'agent', '--lang', 'ts', 'ts-agent']);
      expect(made.code, made.log).toBe(0);
      const agentDir = path.join(dir.path, 'ts-agent');
      expect(made.stdout).toContain('wrote a TypeScript agent, ts-agent, in ts-agent');
      for (const f of ['README.md', 'agent.ts', 'agent.test.ts', 'main.ts', 'package.json', '.gitignore']) {
        expect(existsSync(path.join(agentDir, f)), f).toBe(true);
      }
      expect(existsSync(path.join(agentDir, 'vendor/coup-sdk-0.1.0.tgz'))).toBe(true);

      const install = await runCommand('npm', ['install', '--prefer-offline'], { cwd: agentDir });
      expect(install.code, install.log).toBe(0);
      const test = await runCommand('npm', ['test'], { cwd: agentDir });
      expect(test.code, test.log).toBe(0);
      expect(test.stdout).toMatch(/# pass 2/);
      expect(test.stdout).toMatch(/# fail 0/);

      // What `npm start` runs (tsx main.ts), as one process so that it can be stopped.
      const { child, match: url } = await startServer(
        process.execPath,
        ['--import', 'tsx', 'main.ts'],
        { cwd: agentDir, env: cleanEnv({ PORT: '0', COUP_AGENT_SECRET: 'ts-secret' }) },
        /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      );
      servers.push(child);
      await playAgainst(url, 'ts-secret');
    },
  );

  it.skipIf(!hasPython)(
    'coup new agent --lang python writes an agent that passes its own test and plays coup play',
    { timeout: 180_000 },
    async () => {
      expect(coup).not.toBe('');
      await mkdir(path.join(dir.path, 'py-agent'));
      const made = await runCoup(['new', 'agent', '--lang', 'python', 'py-agent']);
      expect(made.code, made.log).toBe(0);
      const agentDir = path.join(dir.path, 'py-agent');
      for (const f of ['README.md', 'agent.py', 'test_agent.py', 'coup_agent/server.py', 'fixtures']) {
        expect(existsSync(path.join(agentDir, f)), f).toBe(true);
      }
      const env = cleanEnv({ PYTHONDONTWRITEBYTECODE: '1' });
      const test = await runCommand('python3', ['-m', 'unittest', '-v'], { cwd: agentDir, env });
      expect(test.code, test.log).toBe(0);
      expect(test.stderr).toMatch(/Ran 2 tests/);

      const { child, match: url } = await startServer(
        'python3',
        ['agent.py'],
        {
          cwd: agentDir,
          env: cleanEnv({ PORT: '0', COUP_AGENT_SECRET: 'py-secret', PYTHONDONTWRITEBYTECODE: '1' }),
        },
        /listening on (http:\/\/127\.0\.0\.1:\d+)/,
      );
      servers.push(child);
      await playAgainst(url, 'py-secret');
    },
  );
});
