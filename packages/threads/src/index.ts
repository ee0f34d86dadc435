export { startTsThread } from './ts-thread.ts';
