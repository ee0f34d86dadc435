import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { repoRoot } from '../workspace-graph';
import { bundle } from './bundle';
import { dependencyRanges, packedManifest, readManifest, swapManifest } from './manifest';
import type { Manifest } from './manifest';
import { bundleTypes } from './types';

// @coup/sdk as a package that installs anywhere: dist/index.js (the SDK with @coup/protocol, the engine's
// types and the random helpers bundled in) and dist/index.d.ts, depending only on ws, zod and the two small
// libraries the protocol uses. `npm pack -w @coup/sdk` builds it (prepack) and packs it.

export const SDK_DIR = path.join(repoRoot, 'packages/sdk');
const ENTRY = path.join(SDK_DIR, 'src/index.ts');

/** Writes index.js and index.d.ts into `outDir`; returns the dependencies of the bundle. */
export async function buildSdk(outDir: string): Promise<Record<string, string>> {
  rmSync(outDir, { recursive: true, force: true });
  const { externals } = await bundle({ entry: ENTRY, outfile: path.join(outDir, 'index.js') });
  bundleTypes({ entry: ENTRY, outfile: path.join(outDir, 'index.d.ts') });
  return dependencyRanges(readManifest(SDK_DIR), externals);
}

function sdkManifest(own: Manifest, dependencies: Record<string, string>): Manifest {
  return packedManifest(own, {
    exports: {
      '.': { types: './dist/index.d.ts', default: './dist/index.js' },
      './package.json': './package.json',
    },
    types: './dist/index.d.ts',
    files: ['dist/index.js', 'dist/index.d.ts'],
    dependencies,
  });
}

/** `prepack` of packages/sdk: builds dist/ and swaps in the packed manifest (postpack restores it). */
export async function prepackSdk(): Promise<void> {
  const dependencies = await buildSdk(path.join(SDK_DIR, 'dist'));
  swapManifest(SDK_DIR, sdkManifest(readManifest(SDK_DIR), dependencies));
}

/**
 * Packs the SDK into `destDir` from a staging folder, leaving packages/sdk untouched (safe while the
 * repository is in use: the CLI's pack and `coup new agent --lang ts` from a checkout use it).
 * Returns the tarball's path.
 */
export async function packSdkInto(destDir: string): Promise<string> {
  const staging = mkdtempSync(path.join(tmpdir(), 'coup-sdk-pack-'));
  try {
    const dependencies = await buildSdk(path.join(staging, 'dist'));
    copyFileSync(path.join(SDK_DIR, 'README.md'), path.join(staging, 'README.md'));
    const manifest = sdkManifest(readManifest(SDK_DIR), dependencies);
    writeFileSync(path.join(staging, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    // Without the npm_* variables of an npm run around this one (npm test, the CLI's prepack).
    const env = Object.fromEntries(Object.entries(process.env).filter(([k]) => !/^npm_/i.test(k)));
    const out = execFileSync('npm', ['pack', staging, '--pack-destination', destDir, '--json'], {
      encoding: 'utf8',
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const [packed] = JSON.parse(out) as { filename: string }[];
    if (!packed) throw new Error('npm pack wrote no tarball');
    return path.join(destDir, packed.filename);
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}
