import { defineProject } from 'vitest/config';

// Tests here use the machine's real Postgres (a fresh database per test file or case; see src/testing.ts).
export default defineProject({
  test: {
    name: 'db',
    include: ['src/**/*.test.ts'],
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
});
