import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { startTsThread } from './ts-thread';

// A thread started on a TypeScript file runs it (types and all), with the workerData it was given, and a
// file that fails to load ends the thread with the error rather than leaving it hanging.

describe('startTsThread', () => {
  it('runs a TypeScript entry on a thread, with its workerData', async () => {
    const thread = startTsThread(new URL('./testing/echo-thread.ts', import.meta.url), {
      workerData: { greeting: 'hello' },
    });
    try {
      const [message] = (await once(thread, 'message')) as [string];
      expect(message).toBe('hello from a thread');
    } finally {
      await thread.terminate();
    }
  });

  it('reports an entry that cannot load as the thread error', async () => {
    const thread = startTsThread(new URL('no-such-file.ts', new URL('./testing/', import.meta.url)));
    const [err] = (await once(thread, 'error')) as [Error];
    expect(String(err)).toMatch(/no-such-file/);
  });
});
