import { defineProject } from 'vitest/config';

// Lets `npx vitest run` work from this directory (vitest otherwise finds the root config, whose `packages/*`
// project globs do not resolve from here); the root config picks this file up as the engine project.
export default defineProject({
  test: { name: 'engine', include: ['src/**/*.test.ts'] },
});
