import { defineProject } from 'vitest/config';

// Lets `npm test -w` (or `npx vitest run` here) run this workspace alone; the root config runs every
// workspace as one project each. The integration tests run the real platform (Postgres, Redis, HTTP,
// WebSocket, child processes), so they get more time than the defaults when the machine is busy. They
// mostly wait (on matches, sockets, child processes), so several files run at once even on 2 cores (each
// has its own database and Redis prefix); a group of their own, since the workers count differs.
export default defineProject({
  test: {
    name: 'api',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
