import { readlinkSync } from 'node:fs';
import { parentPort } from 'node:worker_threads';
import { lowerThreadPriority } from '../thread-priority';

// A thread that lowers its own priority by 5 and reports its thread id and the value it got.
const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
parentPort?.postMessage({ tid, nice: lowerThreadPriority(5) });
