import { defineProject } from 'vitest/config';

// Lets `npm test -w` (or `npx vitest run` here) run this workspace alone; the root config runs every
// workspace as one project each.
export default defineProject({ test: { name: 'threads', include: ['src/**/*.test.ts'] } });
