import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { KIT_LAYOUT, REPO_LAYOUT, isSampleRequest } from '../../apps/cli/src/new/kit-layout';
import { repoRoot } from '../workspace-graph';
import { bundle } from './bundle';
import { dependencyRanges, packedManifest, readManifest, swapManifest } from './manifest';
import { packSdkInto } from './sdk';

// @coup/cli as a package that installs anywhere (`npm install -g` of its tarball): dist/coup.js, the
// whole CLI with every workspace it imports bundled in, which bin/coup.js loads when there are no
// TypeScript sources beside it; and dist/kits, what `coup new agent` copies (templates, the Python kit,
// sample requests, the SDK's tarball). `npm pack -w @coup/cli` builds it (prepack) and packs it.

export const CLI_DIR = path.join(repoRoot, 'apps/cli');

/** Code that cannot run outside the repository, swapped for a stub that says so. */
const STUBS = {
  // Imports a dataset into the platform's database, with Prisma and worker threads run through tsx.
  [path.join(CLI_DIR, 'src/dataset/import.ts')]: path.join(CLI_DIR, 'src/dataset/import-unavailable.ts'),
};

function copyKits(kits: string): void {
  const from = (key: keyof typeof REPO_LAYOUT) => path.join(repoRoot, REPO_LAYOUT[key]);
  const to = (key: keyof typeof KIT_LAYOUT) => path.join(kits, KIT_LAYOUT[key]);
  cpSync(from('templates'), to('templates'), { recursive: true });
  cpSync(from('pythonKit'), to('pythonKit'), {
    recursive: true,
    filter: (f) => !f.includes('__pycache__'),
  });
  mkdirSync(to('fixtures'), { recursive: true });
  for (const file of readdirSync(from('fixtures')).filter(isSampleRequest)) {
    cpSync(path.join(from('fixtures'), file), path.join(to('fixtures'), file));
  }
}

/** `prepack` of apps/cli: builds dist/ and swaps in the packed manifest (postpack restores it). */
export async function prepackCli(): Promise<void> {
  const dist = path.join(CLI_DIR, 'dist');
  rmSync(dist, { recursive: true, force: true });
  const { externals } = await bundle({
    entry: path.join(CLI_DIR, 'src/main.ts'),
    outfile: path.join(dist, 'coup.js'),
    replace: STUBS,
  });
  const kits = path.join(dist, 'kits');
  copyKits(kits);
  await packSdkInto(kits);
  const own = readManifest(CLI_DIR);
  swapManifest(
    CLI_DIR,
    packedManifest(own, { files: ['bin/coup.js', 'dist'], dependencies: dependencyRanges(own, externals) }),
  );
}
