import { defineProject } from 'vitest/config';

// Lets `npm test -w` (or `npx vitest run` here) run this workspace alone; the root config runs every
// workspace as one project each. The UI tests run the real platform and a headless Chromium.
export default defineProject({
  test: { name: 'web', include: ['src/**/*.test.ts'], testTimeout: 60_000, hookTimeout: 60_000 },
});
