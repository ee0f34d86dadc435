import { cp, mkdir, readFile, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CliError } from '../errors.ts';
import { isSampleRequest } from './kit-layout.ts';
import { kitFiles } from './kit-files.ts';
import type { KitFiles } from './kit-files.ts';

// `coup new agent --lang ts|python <dir>`: a working agent to start from, in the spirit of Battlesnake's
// starter snakes: a simple honest policy, a README, tests (its own, run with npm test or unittest), one
// sample request of each phase, and the kit it runs on (the SDK's package, or the Python kit's sources).

export const LANGS = ['ts', 'python'] as const;
export type Lang = (typeof LANGS)[number];

export interface NewAgentOptions {
  lang: Lang;
}

/** A name for package.json and the platform (letters, digits, "_", "." and "-"), from the folder's. */
export function agentName(dir: string): string {
  const name = path
    .basename(path.resolve(dir))
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/^[._-]+|[._-]+$/g, '');
  return name || 'my-agent';
}

async function checkEmpty(target: string): Promise<void> {
  const info = await stat(target).catch(() => null);
  if (!info) return;
  if (!info.isDirectory()) throw new CliError(`${target} exists and is not a folder`);
  if ((await readdir(target)).length > 0) {
    throw new CliError(`${target} is not empty: give a new folder (coup new agent never overwrites)`);
  }
}

/** Copies a language's template, filling in {{name}} and the like; `gitignore` becomes `.gitignore`. */
async function writeTemplate(from: string, target: string, values: Record<string, string>): Promise<void> {
  for (const file of await readdir(from)) {
    const text = await readFile(path.join(from, file), 'utf8');
    const filled = text.replace(/\{\{(\w+)\}\}/g, (all, key: string) => values[key] ?? all);
    // npm leaves .gitignore files out of packages: the templates hold them without the dot.
    await writeFile(path.join(target, file === 'gitignore' ? '.gitignore' : file), filled);
  }
}

async function copyFixtures(kit: KitFiles, target: string): Promise<void> {
  const dir = path.join(target, 'fixtures');
  await mkdir(dir);
  for (const file of (await readdir(kit.fixtures)).filter(isSampleRequest)) {
    await cp(path.join(kit.fixtures, file), path.join(dir, file));
  }
}

const NEXT: Record<Lang, (dir: string) => string[]> = {
  ts: (dir) => [
    `  cd ${dir}`,
    '  npm install && npm test',
    '  COUP_AGENT_SECRET=change-me npm start',
    '  coup play http://127.0.0.1:8000 bot:random bot:heuristic --secret change-me   # in another terminal',
  ],
  python: (dir) => [
    `  cd ${dir}`,
    '  python3 -m unittest',
    '  COUP_AGENT_SECRET=change-me python3 agent.py',
    '  coup play http://127.0.0.1:8000 bot:random bot:heuristic --secret change-me   # in another terminal',
  ],
};

export async function newAgent(dir: string, opts: NewAgentOptions): Promise<void> {
  const target = path.resolve(dir);
  await checkEmpty(target);
  const kit = kitFiles();
  const name = agentName(target);
  const existed = await stat(target).catch(() => null);
  await mkdir(target, { recursive: true });
  try {
    const values: Record<string, string> = { name };
    if (opts.lang === 'ts') {
      const vendor = path.join(target, 'vendor');
      await mkdir(vendor);
      values.sdkTarball = await kit.sdkTarball(vendor);
    } else {
      await cp(kit.pythonKit, path.join(target, 'coup_agent'), {
        recursive: true,
        filter: (f) => !f.includes('__pycache__'),
      });
    }
    await writeTemplate(path.join(kit.templates, opts.lang), target, values);
    await copyFixtures(kit, target);
  } catch (err) {
    // Leave nothing half-written behind (but never remove a folder the user made).
    if (existed) {
      for (const f of await readdir(target)) await rm(path.join(target, f), { recursive: true, force: true });
    } else await rm(target, { recursive: true, force: true });
    throw err;
  }
  const language = opts.lang === 'ts' ? 'TypeScript' : 'Python';
  process.stdout.write(
    [
      `wrote a ${language} agent, ${name}, in ${dir} (see its README.md)`,
      '',
      'Next:',
      ...NEXT[opts.lang](dir),
      '',
    ].join('\n'),
  );
}
