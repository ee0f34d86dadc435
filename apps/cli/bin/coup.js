#!/usr/bin/env node
// The `coup` command. In the repository the CLI is TypeScript run as-is (no build step, like the rest of
// the workspace): tsx's ESM loader is registered first, resolved from this file's own location (not the
// caller's working directory), so `npx coup` works from anywhere in the repo and through node_modules/.bin.
// An installed copy (`npm pack -w @coup/cli`, then `npm install -g` of the tarball) has no sources: it
// runs dist/coup.js, the bundle built when it was packed (tools/package/cli.ts).
import { existsSync } from 'node:fs';

if (existsSync(new URL('../src/main.ts', import.meta.url))) {
  const { register } = await import('tsx/esm/api');
  register();
  await import('../src/main.ts');
} else {
  await import('../dist/coup.js');
}
