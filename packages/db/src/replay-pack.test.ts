import { describe, expect, it } from 'vitest';
import { packReplay, packReplayAsync, unpackReplay } from './replay-pack.ts';

describe('replay packing', () => {
  const replay = {
    seed: 's',
    events: Array.from({ length: 200 }, (_, k) => ({ type: 'turn', k, seat: k % 4 })),
  };

  it('packs on the thread pool to exactly the bytes of the synchronous packing, and back', async () => {
    const bytes = await packReplayAsync(replay);
    expect(Buffer.compare(bytes, packReplay(replay))).toBe(0);
    expect(unpackReplay(bytes)).toBe(JSON.stringify(replay));
    expect(bytes.length).toBeLessThan(JSON.stringify(replay).length / 4);
  });

  it('refuses what is not JSON, as a rejection', async () => {
    await expect(packReplayAsync(undefined)).rejects.toThrow(/not JSON-serialisable/);
    expect(() => packReplay(() => 1)).toThrow(/not JSON-serialisable/);
  });
});
