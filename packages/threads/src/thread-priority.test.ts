import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { niceOfThread as niceOf } from './testing/thread-nices';
import { startTsThread } from './ts-thread';

describe('lowerThreadPriority', () => {
  it.runIf(process.platform === 'linux')('lowers the calling thread only, not its process', async () => {
    const before = niceOf(process.pid);
    const thread = startTsThread(new URL('./testing/lower-priority-thread.ts', import.meta.url));
    try {
      const [{ tid, nice }] = (await once(thread, 'message')) as [{ tid: number; nice: number | null }];
      expect(tid).not.toBe(process.pid);
      expect(nice).toBe(Math.min(19, before + 5));
      expect(niceOf(tid)).toBe(nice);
      expect(niceOf(process.pid)).toBe(before);
    } finally {
      await thread.terminate();
    }
  });
});
