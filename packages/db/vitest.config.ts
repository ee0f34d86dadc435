import { defineProject } from 'vitest/config';

// Lets `npm test -w` (or `npx vitest run` here) run this workspace alone; the root config runs every
// workspace as one project each. These tests talk to the real Postgres (a fresh database each; see
// src/testing.ts), so they get more time than the defaults when the whole repo's tests share the machine.
export default defineProject({
  test: { name: 'db', include: ['src/**/*.test.ts'], testTimeout: 20_000, hookTimeout: 30_000 },
});
