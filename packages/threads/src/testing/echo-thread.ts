import { parentPort, workerData } from 'node:worker_threads';

// The thread startTsThread's test starts: a typed TypeScript file that answers once.

const { greeting } = workerData as { greeting: string };
const answer: string = `${greeting} from a thread`;
parentPort?.postMessage(answer);
