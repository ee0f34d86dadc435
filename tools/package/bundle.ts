import { isBuiltin } from 'node:module';
import path from 'node:path';
import { build } from 'esbuild';

// One JavaScript file from a workspace's TypeScript entry, for a package that installs outside this
// repository: the code of every workspace it imports (@coup/*) is bundled in, because those packages are not
// published; third-party packages stay imports, resolved from the installing project's node_modules.

export interface BundleOptions {
  /** The TypeScript entry point (absolute). */
  entry: string;
  /** The JavaScript file to write (absolute). */
  outfile: string;
  /** Source files swapped for others (absolute paths): code that cannot run outside the repository. */
  replace?: Record<string, string>;
  /** A first line, e.g. `#!/usr/bin/env node` for a command. */
  banner?: string;
}

export interface BundleResult {
  /** Third-party packages the bundle imports at run time: its package.json must depend on each. */
  externals: string[];
}

/** `@scope/name/sub` -> `@scope/name`; `name/sub` -> `name`. */
export function packageName(specifier: string): string {
  const parts = specifier.split('/');
  return (specifier.startsWith('@') ? parts.slice(0, 2) : parts.slice(0, 1)).join('/');
}

export async function bundle(opts: BundleOptions): Promise<BundleResult> {
  const externals = new Set<string>();
  const replace = new Map(Object.entries(opts.replace ?? {}).map(([from, to]) => [path.resolve(from), to]));
  await build({
    entryPoints: [opts.entry],
    outfile: opts.outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20.19',
    sourcemap: false,
    legalComments: 'none',
    logLevel: 'warning',
    ...(opts.banner ? { banner: { js: opts.banner } } : {}),
    plugins: [
      {
        name: 'coup-workspaces-inline',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) => {
            if (args.path.startsWith('@coup/')) return undefined; // bundled: esbuild resolves the workspace
            if (!isBuiltin(args.path)) externals.add(packageName(args.path));
            return { path: args.path, external: true };
          });
          b.onResolve({ filter: /^\./ }, (args) => {
            const to = replace.get(path.resolve(args.resolveDir, args.path));
            return to ? { path: to } : undefined;
          });
        },
      },
    ],
  });
  return { externals: [...externals].sort() };
}
