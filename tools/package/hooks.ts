import { mkdirSync } from 'node:fs';
import { prepackCli } from './cli';
import { readManifest, restoreManifest } from './manifest';
import { prepackSdk } from './sdk';

// `npm pack` lifecycle of the packages that install outside the repository (their package.json:
// "prepack": "tsx ../../tools/package/hooks.ts prepack", "postpack": "... postpack"). Runs in the
// package's folder.

const PREPACK: Record<string, () => Promise<void>> = {
  '@coup/sdk': prepackSdk,
  '@coup/cli': prepackCli,
};

const [hook] = process.argv.slice(2);
const dir = process.cwd();
if (hook === 'postpack') {
  restoreManifest(dir);
} else if (hook === 'prepack') {
  const { name } = readManifest(dir);
  // npm fails after prepack, so without postpack, when --pack-destination does not exist yet.
  const destination = process.env.npm_config_pack_destination;
  if (destination) mkdirSync(destination, { recursive: true });
  const prepack = PREPACK[name];
  if (!prepack) throw new Error(`no pack build for ${name}`);
  try {
    await prepack();
  } catch (err) {
    restoreManifest(dir); // npm skips postpack when prepack fails
    throw err;
  }
} else {
  throw new Error(`usage: tsx tools/package/hooks.ts prepack|postpack (got ${hook ?? 'nothing'})`);
}
