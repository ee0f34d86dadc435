import { workspaceProject } from '../../vitest.project.ts';

// These tests start real servers (embedded Postgres, redis-server, private Postgres clusters) and the
// migration CLI as child processes.
export default workspaceProject('devstack', { testTimeout: 20_000, hookTimeout: 30_000 });
