import { workspaceProject } from '../../vitest.project.ts';

// The UI tests run the real platform and a headless Chromium.
export default workspaceProject('web', { testTimeout: 60_000, hookTimeout: 60_000 });
