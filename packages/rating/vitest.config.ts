import { defineProject } from 'vitest/config';

// Lets `npx vitest run` work from this directory (vitest otherwise finds the root config, whose `packages/*`
// project globs do not resolve from here); the root config picks this file up as the rating project.
export default defineProject({
  test: { name: 'rating', include: ['src/**/*.test.ts'] },
});
