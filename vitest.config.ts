import { defineConfig } from 'vitest/config';

// One vitest project per workspace: `npm test` at the root runs them all; `npm test -w <pkg>` runs one.
export default defineConfig({
  test: {
    projects: ['packages/*', 'apps/*'],
  },
});
