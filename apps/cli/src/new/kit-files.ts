import { execFile } from 'node:child_process';
import { copyFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CliError, EXIT_FAILED } from '../errors.ts';
import { KIT_LAYOUT, REPO_LAYOUT } from './kit-layout.ts';

/** What `coup new agent` copies, wherever this `coup` runs from. */
export interface KitFiles {
  /** An installed `coup` (its kits folder) or a checkout of the repository. */
  source: 'installed' | 'repository';
  templates: string;
  pythonKit: string;
  fixtures: string;
  /** Puts the @coup/sdk tarball into `destDir`; returns its file name. */
  sdkTarball(destDir: string): Promise<string>;
}

export function kitFiles(): KitFiles {
  // Bundled (an installed coup), this module's URL is dist/coup.js's, with dist/kits beside it.
  const kits = fileURLToPath(new URL('./kits/', import.meta.url));
  if (existsSync(kits)) {
    return {
      source: 'installed',
      templates: path.join(kits, KIT_LAYOUT.templates),
      pythonKit: path.join(kits, KIT_LAYOUT.pythonKit),
      fixtures: path.join(kits, KIT_LAYOUT.fixtures),
      async sdkTarball(destDir) {
        const file = (await readdir(kits)).find((f) => /^coup-sdk-.*\.tgz$/.test(f));
        if (!file) throw new CliError(`this coup has no @coup/sdk package in ${kits}`, EXIT_FAILED);
        await copyFile(path.join(kits, file), path.join(destDir, file));
        return file;
      },
    };
  }
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  return {
    source: 'repository',
    templates: path.join(root, REPO_LAYOUT.templates),
    pythonKit: path.join(root, REPO_LAYOUT.pythonKit),
    fixtures: path.join(root, REPO_LAYOUT.fixtures),
    sdkTarball: (destDir) => packSdkFromCheckout(root, destDir),
  };
}

/** In a checkout, the SDK is packed from its sources (bundled, with its type declarations). */
function packSdkFromCheckout(root: string, destDir: string): Promise<string> {
  process.stderr.write('packing @coup/sdk from the repository (this takes a little while)...\n');
  const script = path.join(root, 'tools/package/pack-sdk.ts');
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', script, destDir],
      { cwd: root, maxBuffer: 16 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const tarball = stdout.trim().split('\n').pop() ?? '';
        if (err || !tarball) {
          reject(new CliError(`could not pack @coup/sdk: ${(stderr || String(err)).trim()}`, EXIT_FAILED));
        } else resolve(path.basename(tarball));
      },
    );
  });
}
