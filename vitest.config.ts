import { defineConfig } from 'vitest/config';

// One vitest project per workspace: `npm test` at the root runs them all; `npm test -w <pkg>` runs one.
// `tools/` holds the checks of the repository as a whole (which way dependencies point).
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*', { test: { name: 'repo', include: ['tools/**/*.test.ts'] } }],
  },
});
