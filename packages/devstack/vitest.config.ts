import { defineProject } from 'vitest/config';

// Lets `npm test -w` (or `npx vitest run` here) run this workspace alone; the root config runs every
// workspace as one project each. These tests start real servers (embedded Postgres, redis-server, private
// Postgres clusters) and the migration CLI as child processes, so they get more time than the defaults.
export default defineProject({
  test: { name: 'devstack', include: ['src/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
});
