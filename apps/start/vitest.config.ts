import { workspaceProject } from '../../vitest.project.ts';

// The tests of the platform as a whole (the API, the web UI and workers together: Postgres, Redis, HTTP,
// WebSocket, child processes, headless Chromium), so they get more time when the machine is busy. They
// mostly wait, so several files run at once even on 2 cores (each has its own database and Redis prefix);
// in the API's group, since the workers count differs.
export default workspaceProject('start', {
  testTimeout: 60_000,
  hookTimeout: 60_000,
  maxWorkers: 2,
  sequence: { groupOrder: 1 },
});
