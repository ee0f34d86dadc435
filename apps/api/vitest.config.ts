import { workspaceProject } from '../../vitest.project.ts';

// The integration tests run the real platform (Postgres, Redis, HTTP, WebSocket, child processes), so they
// get more time. They mostly wait (on matches, sockets, child processes), so several files run at once even
// on 2 cores (each has its own database and Redis prefix); a group of their own, since the workers count
// differs.
export default workspaceProject('api', {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
});
