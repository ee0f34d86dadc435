export { startTsThread } from './ts-thread.ts';
export { lowerThreadPriority } from './thread-priority.ts';
