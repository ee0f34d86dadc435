import { defineProject } from 'vitest/config';
import type { TestProjectInlineConfiguration } from 'vitest/config';

// A workspace's vitest project: its `src/**/*.test.ts`, run by the root config (every workspace one project)
// or alone (`npm test -w <pkg>`, `npx vitest run` in its directory). Timeouts are generous rather than
// vitest's 5 s: `npm test` runs ~250 files on two cores beside Postgres, Redis and child processes, and a
// test that takes 1-3 s alone took 5-7 s in CI runs (it then failed for the clock, not for what it checks).
// A test that hangs still fails, after 30 s. `test` overrides them (the platform's tests wait longer).
export const PROJECT_TIMEOUTS = { testTimeout: 30_000, hookTimeout: 30_000 };

export function workspaceProject(name: string, test: TestProjectInlineConfiguration['test'] = {}) {
  return defineProject({ test: { name, include: ['src/**/*.test.ts'], ...PROJECT_TIMEOUTS, ...test } });
}
