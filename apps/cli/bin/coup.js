#!/usr/bin/env node
// The `coup` command. The CLI is TypeScript run as-is (no build step, like the rest of the workspace):
// tsx's ESM loader is registered first, resolved from this file's own location (not the caller's
// working directory), so `npx coup` works from anywhere in the repo and through the node_modules/.bin link.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
