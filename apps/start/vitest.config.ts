import { defineProject } from 'vitest/config';

// Lets `npm test -w` (or `npx vitest run` here) run this workspace alone; the root config runs every
// workspace as one project each. These are the tests of the platform as a whole (the API, the web UI and
// workers together: Postgres, Redis, HTTP, WebSocket, child processes, headless Chromium), so they get more
// time than the defaults when the machine is busy. They mostly wait, so several files run at once even on 2
// cores (each has its own database and Redis prefix); in the API's group, since the workers count differs.
export default defineProject({
  test: {
    name: 'start',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
    sequence: { groupOrder: 1 },
  },
});
