import { workspaceProject } from '../../vitest.project.ts';

// These tests talk to the real Postgres (a fresh database each; see src/testing.ts).
export default workspaceProject('db', { testTimeout: 20_000, hookTimeout: 30_000 });
