import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { generateDtsBundle } from 'dts-bundle-generator';
import { repoRoot, workspaces } from '../workspace-graph';

// One declaration file (.d.ts) for a bundled package: the types it exports, with those of the workspaces it
// imports (@coup/protocol's zod schemas, the engine's types...) written in, since those packages are not
// published. Third-party types stay imports (`import { z } from 'zod'`), like the bundle's code.

export interface TypesOptions {
  /** The TypeScript entry point (absolute). */
  entry: string;
  /** The declaration file to write (absolute). */
  outfile: string;
}

export function bundleTypes(opts: TypesOptions): void {
  // The workspaces resolve to their sources through tsconfig paths rather than node_modules symlinks, so
  // the generator treats them as this package's own files and inlines what is used.
  const paths: Record<string, string[]> = {};
  for (const w of workspaces()) {
    for (const [sub, target] of Object.entries(w.exports)) {
      if (typeof target === 'string')
        paths[`${w.name}${sub.slice(1)}`] = [path.join(repoRoot, w.dir, target)];
    }
  }
  const dir = path.dirname(opts.outfile);
  mkdirSync(dir, { recursive: true });
  const tsconfig = path.join(dir, `.tsconfig.types.${process.pid}.json`);
  writeFileSync(
    tsconfig,
    JSON.stringify({
      extends: path.join(repoRoot, 'tsconfig.json'),
      // typeRoots: the file may be written outside the repository (a staging folder).
      compilerOptions: { paths, typeRoots: [path.join(repoRoot, 'node_modules/@types')] },
      files: [opts.entry],
      include: [],
    }),
  );
  try {
    const [dts] = generateDtsBundle(
      [{ filePath: opts.entry, output: { noBanner: true, exportReferencedTypes: false } }],
      { preferredConfigPath: tsconfig },
    );
    if (!dts) throw new Error(`no declarations generated for ${opts.entry}`);
    writeFileSync(opts.outfile, dts);
  } finally {
    rmSync(tsconfig, { force: true });
  }
}
