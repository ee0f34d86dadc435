import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanEnv, runCli, runCommand, tempDir } from './testing/cli.ts';

// `coup new agent` run from a checkout of the repository (the installed command is install.test.ts): what
// it writes, the placeholders filled in, the kit it copies, and its refusals.

const hasPython = spawnSync('python3', ['--version']).status === 0;

/** Every file under `dir`, relative to it. */
async function filesOf(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

async function placeholdersLeft(dir: string): Promise<string[]> {
  const texts = (await filesOf(dir)).filter((f) => !f.endsWith('.tgz'));
  const left = await Promise.all(
    texts.map(async (f) => ((await readFile(path.join(dir, f), 'utf8')).includes('{{') ? [f] : [])),
  );
  return left.flat();
}

describe('coup new agent', () => {
  let dir: Awaited<ReturnType<typeof tempDir>>;
  beforeAll(async () => {
    dir = await tempDir();
  });
  afterAll(() => dir.remove());

  it(
    '--lang python writes the agent, its tests, sample requests and the Python kit',
    { timeout: 60_000 },
    async () => {
      const target = dir.file('My Python Agent');
      const r = await runCli(['new', 'agent', '--lang', 'python', target]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('wrote a Python agent, my-python-agent, in');
      expect(r.stdout).toContain('python3 -m unittest');
      const files = await filesOf(target);
      expect(files).toEqual(
        expect.arrayContaining([
          '.gitignore',
          'README.md',
          'agent.py',
          'test_agent.py',
          'coup_agent/__init__.py',
          'coup_agent/server.py',
          'coup_agent/py.typed',
          'fixtures/decision-action.json',
          'fixtures/decision-exchange_return.json',
        ]),
      );
      expect(files.filter((f) => f.startsWith('fixtures/'))).toHaveLength(7);
      expect(await readFile(path.join(target, 'README.md'), 'utf8')).toMatch(/^# my-python-agent\n/);
      expect(await placeholdersLeft(target)).toEqual([]);
      if (hasPython) {
        const env = cleanEnv({ PYTHONDONTWRITEBYTECODE: '1' });
        const test = await runCommand('python3', ['-m', 'unittest'], { cwd: target, env });
        expect(test.code, test.log).toBe(0);
      }
    },
  );

  it(
    '--lang ts writes the agent, its tests, sample requests and the SDK package',
    { timeout: 180_000 },
    async () => {
      const target = dir.file('ts-agent');
      const r = await runCli(['new', 'agent', '--lang', 'ts', target]);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stdout).toContain('wrote a TypeScript agent, ts-agent, in');
      expect(r.stdout).toContain('npm install && npm test');
      const files = await filesOf(target);
      expect(files).toEqual(
        expect.arrayContaining([
          '.gitignore',
          'README.md',
          'agent.ts',
          'agent.test.ts',
          'main.ts',
          'package.json',
          'tsconfig.json',
          'vendor/coup-sdk-0.1.0.tgz',
          'fixtures/decision-block.json',
        ]),
      );
      const manifest = JSON.parse(await readFile(path.join(target, 'package.json'), 'utf8')) as {
        name: string;
        dependencies: Record<string, string>;
      };
      expect(manifest.name).toBe('ts-agent');
      expect(manifest.dependencies['@coup/sdk']).toBe('file:vendor/coup-sdk-0.1.0.tgz');
      expect(await readFile(path.join(target, 'agent.ts'), 'utf8')).toContain("name: 'ts-agent'");
      expect(await placeholdersLeft(target)).toEqual([]);
      // The SDK packed from the checkout: the bundle and its declarations.
      const list = await runCommand('tar', ['tzf', path.join(target, 'vendor/coup-sdk-0.1.0.tgz')], {
        cwd: target,
      });
      expect(list.stdout).toContain('package/dist/index.js');
      expect(list.stdout).toContain('package/dist/index.d.ts');
    },
  );

  it('never overwrites, and refuses an unknown language', { timeout: 60_000 }, async () => {
    const full = dir.file('full');
    await runCli(['new', 'agent', '--lang', 'python', full]);
    const again = await runCli(['new', 'agent', '--lang', 'python', full]);
    expect(again.code).toBe(2);
    expect(again.stderr).toContain('is not empty: give a new folder');

    const file = dir.file('a-file');
    await writeFile(file, 'x');
    const onFile = await runCli(['new', 'agent', '--lang', 'python', file]);
    expect(onFile.code).toBe(2);
    expect(onFile.stderr).toContain('exists and is not a folder');

    const rust = await runCli(['new', 'agent', '--lang', 'rust', dir.file('rust')]);
    expect(rust.code).toBe(2);
    expect(rust.stderr).toContain("argument 'rust' is invalid. Allowed choices are ts, python");
    expect(existsSync(dir.file('rust'))).toBe(false);
  });
});
