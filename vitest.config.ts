import { defineConfig } from 'vitest/config';

// One vitest project per workspace: `npm test` at the root runs them all; `npm test -w <pkg>` runs one.
// `tools/` holds the checks of the repository as a whole (which way dependencies point).
export default defineConfig({
  test: {
    // Two files at a time (vitest's default on two cores is one): most tests wait on Postgres, sockets or
    // child processes, and one at a time left the second core idle for half of a ~25 min run. The platform
    // tests (api, start) run after the rest, in a group of their own, also two at a time.
    maxWorkers: 2,
    projects: ['packages/*', 'apps/*', { test: { name: 'repo', include: ['tools/**/*.test.ts'] } }],
  },
});
