import { workspaceProject } from '../../vitest.project.ts';

export default workspaceProject('api-contract');
