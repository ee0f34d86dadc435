import { spawn, spawnSync } from 'node:child_process';
import type { ChildProcessWithoutNullStreams } from 'node:child_process';
import { cp, readFile, readdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exitOf, runCli, tempDir, waitForOutput } from './testing/cli.ts';

// The Python kit (examples/python-agent) as an author gets it: its own tests (pytest), then `pip install`
// into a fresh virtual environment with no package index (standard library only, built by its own in-tree
// backend), and its example agent, the installed `coup-python-agent` command, plays `coup play`.

const KIT = fileURLToPath(new URL('../../../examples/python-agent', import.meta.url));
const hasPython = spawnSync('python3', ['--version']).status === 0;
if (!hasPython) console.warn('python3 is not on PATH: skipping the Python kit tests (pytest, pip install)');

/** Runs a command to the end; its output goes into the assertion message when it fails. */
function run(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = {}) {
  const r = spawnSync(cmd, args, {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, PYTHONDONTWRITEBYTECODE: '1', PIP_DISABLE_PIP_VERSION_CHECK: '1', ...env },
    timeout: 300_000,
  });
  return { code: r.status, out: `${cmd} ${args.join(' ')}\n${r.stdout}${r.stderr}${r.error ?? ''}` };
}

describe.skipIf(!hasPython)('the Python kit', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(() => dir.remove());

  it('passes its own tests (pytest)', { timeout: 120_000 }, () => {
    // -p no:cacheprovider and no bytecode: nothing is written into the repository.
    const r = run('python3', ['-m', 'pytest', '-q', '-p', 'no:cacheprovider'], KIT);
    expect(r.code, r.out).toBe(0);
    expect(r.out).toMatch(/\d+ passed/);
  });

  describe('installed with pip into a fresh virtual environment', () => {
    let venv = '';
    const agents: ChildProcessWithoutNullStreams[] = [];
    afterAll(async () => {
      for (const agent of agents) {
        if (agent.exitCode !== null || agent.signalCode !== null) continue;
        agent.kill('SIGTERM');
        await exitOf(agent);
      }
    });

    /** Plays 2 matches against the agent at `url`: it must make no fault. */
    async function playAgainst(url: string, secret: string) {
      const r = await runCli([
        'play',
        url,
        'bot:random',
        'bot:heuristic',
        '--games',
        '2',
        '--seed',
        'py-kit',
        '--secret',
        secret,
        '--json',
      ]);
      expect(r.code, r.stderr).toBe(0);
      const summary = JSON.parse(r.stdout) as { agents: { agent: string; games: number; faults: number }[] };
      expect(summary.agents[0]).toMatchObject({ agent: url, games: 2, faults: 0 });
    }

    it('installs offline, with no dependencies', { timeout: 300_000 }, async () => {
      // From a copy, as a user would install a downloaded kit (and nothing is written into the repository).
      const src = join(dir.path, 'kit');
      await cp(KIT, src, { recursive: true, filter: (f) => !f.includes('__pycache__') });
      venv = join(dir.path, 'venv');
      let r = run('python3', ['-m', 'venv', venv], dir.path);
      expect(r.code, r.out).toBe(0);
      // --no-index: nothing may come from a package index. The kit's in-tree build backend needs no
      // setuptools or wheel, so pip's default build isolation works offline.
      r = run(join(venv, 'bin/pip'), ['install', '--no-index', '--quiet', src], dir.path);
      expect(r.code, r.out).toBe(0);

      const where = run(
        join(venv, 'bin/python'),
        [
          '-c',
          'import coup_agent, os; print(os.path.dirname(coup_agent.__file__)); print(coup_agent.__version__)',
        ],
        dir.path,
      );
      expect(where.code, where.out).toBe(0);
      const [pkgDir = '', version] = where.out.split('\n').slice(1);
      expect(pkgDir.startsWith(venv), where.out).toBe(true);
      expect(version).toBe('0.1.0');
      expect(await readdir(pkgDir)).toEqual(expect.arrayContaining(['py.typed', 'server.py', 'honest.py']));
      const deps = run(join(venv, 'bin/pip'), ['show', 'coup-arena-agent'], dir.path);
      expect(deps.out).toMatch(/^Requires: *$/m);
    });

    it('its example agent plays a coup play match', { timeout: 120_000 }, async () => {
      expect(venv).not.toBe('');
      const agent = spawn(join(venv, 'bin/coup-python-agent'), ['0'], {
        cwd: dir.path,
        env: { ...process.env, COUP_AGENT_SECRET: 'py-kit-secret', PYTHONDONTWRITEBYTECODE: '1' },
      });
      agents.push(agent);
      const [, url = ''] = await waitForOutput(agent, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      await playAgainst(url, 'py-kit-secret');
    });

    it("the README's 10-line agent plays a coup play match", { timeout: 120_000 }, async () => {
      expect(venv).not.toBe('');
      const readme = await readFile(join(KIT, 'README.md'), 'utf8');
      const code = /```python\n([\s\S]*?)```/.exec(readme)?.[1];
      expect(code, 'a python block in examples/python-agent/README.md').toBeDefined();
      await writeFile(join(dir.path, 'readme_agent.py'), code!);
      const agent = spawn(join(venv, 'bin/python'), ['readme_agent.py'], {
        cwd: dir.path,
        env: { ...process.env, PORT: '0', COUP_AGENT_SECRET: 'readme-secret', PYTHONDONTWRITEBYTECODE: '1' },
      });
      agents.push(agent);
      const [, url = ''] = await waitForOutput(agent, /listening on (http:\/\/127\.0\.0\.1:\d+)/);
      await playAgainst(url, 'readme-secret');
    });
  });
});
