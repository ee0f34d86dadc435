import { brotliCompressSync, constants } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { packReplay, packReplayAsync, packReplayJson, packedFormat, unpackReplay } from './replay-pack.ts';
import type { ReplayCodec } from './replay-pack.ts';

describe('replay packing', () => {
  const replay = {
    seed: 's',
    events: Array.from({ length: 200 }, (_, k) => ({ type: 'turn', k, seat: k % 4 })),
  };
  const text = JSON.stringify(replay);

  /** A toy compact form: the seed alone, the events re-derived (as the real codec re-runs the engine). */
  const codec: ReplayCodec = {
    compact: (r) => JSON.stringify({ seed: (r as typeof replay).seed }),
    expand: (c) => JSON.stringify({ ...(JSON.parse(c) as object), events: replay.events }),
  };

  it('packs on the thread pool to exactly the bytes of the synchronous packing, and back', async () => {
    const bytes = await packReplayAsync(replay);
    expect(Buffer.compare(bytes, packReplay(replay))).toBe(0);
    expect(unpackReplay(bytes)).toBe(text);
    expect(packedFormat(bytes)).toBe(1);
    expect(bytes.length).toBeLessThan(text.length / 4);
  });

  it('refuses what is not JSON, as a rejection', async () => {
    await expect(packReplayAsync(undefined)).rejects.toThrow(/not JSON-serialisable/);
    expect(() => packReplay(() => 1)).toThrow(/not JSON-serialisable/);
  });

  it('stores the compact form when it expands to the exact text, marked as format 2', async () => {
    const bytes = await packReplayAsync(replay, codec);
    expect(Buffer.compare(bytes, packReplay(replay, codec))).toBe(0);
    expect([...bytes.subarray(0, 2)]).toEqual([0x91, 2]);
    expect(packedFormat(bytes)).toBe(2);
    expect(bytes.length).toBeLessThan(40);
    expect(unpackReplay(bytes, codec)).toBe(text);
    expect(() => unpackReplay(bytes)).toThrow(/needs the codec/);
  });

  it('stores the full text when the expansion would differ, or the codec throws', async () => {
    const lossy: ReplayCodec = { ...codec, expand: (c) => codec.expand(c).replace('"k":7', '"k":8') };
    const reordered: ReplayCodec = {
      ...codec,
      expand: (c) => JSON.stringify({ events: replay.events, ...(JSON.parse(c) as object) }),
    };
    const throwing: ReplayCodec = {
      ...codec,
      compact: () => {
        throw new Error('unknown engine version');
      },
    };
    for (const c of [lossy, reordered, throwing]) {
      const bytes = await packReplayAsync(replay, c);
      expect(packedFormat(bytes)).toBe(1);
      expect(Buffer.compare(bytes, packReplay(replay))).toBe(0);
      expect(unpackReplay(bytes, c)).toBe(text);
    }
  });

  it("packs a replay given as its JSON text (a packing thread's input) to packReplay's bytes", () => {
    const lossy: ReplayCodec = { ...codec, expand: (c) => codec.expand(c).replace('"k":7', '"k":8') };
    for (const c of [undefined, codec, lossy]) {
      expect(Buffer.compare(packReplayJson(text, c), packReplay(replay, c))).toBe(0);
    }
    expect(packedFormat(packReplayJson(text, codec))).toBe(2);
  });

  it('reads rows packed before compact replays, and refuses an unknown format', () => {
    // What replay-pack.ts wrote before format 2, at any window size brotli may pick: never 0x91 first.
    for (const lgwin of [10, 16, 18, 22, 24]) {
      const old = brotliCompressSync(text, { params: { [constants.BROTLI_PARAM_LGWIN]: lgwin } });
      expect(old[0]).not.toBe(0x91);
      expect(unpackReplay(old, codec)).toBe(text);
    }
    expect(() => unpackReplay(Buffer.from([0x91, 3, 0]), codec)).toThrow(/unknown packed replay format 3/);
  });
});
