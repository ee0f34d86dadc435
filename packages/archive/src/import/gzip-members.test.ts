import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { gunzipMembers, GzipError } from './gzip-members';

async function gunzip(file: Buffer, chunk = 5) {
  async function* chunks() {
    for (let i = 0; i < file.length; i += chunk) yield file.subarray(i, i + chunk);
  }
  const trailing: number[] = [];
  const out: Buffer[] = [];
  for await (const b of gunzipMembers(chunks(), (n) => trailing.push(n))) out.push(b);
  return { text: Buffer.concat(out).toString(), trailing };
}

describe('gunzipMembers', () => {
  const text = JSON.stringify(Array.from({ length: 500 }, (_, k) => ({ k, s: 'abc'.repeat(k % 7) })));
  const gz = gzipSync(text);

  it('reads one member, and several one after another, whatever the chunking', async () => {
    for (const size of [1, 7, 1000, 1 << 20]) {
      expect(await gunzip(gz, size)).toEqual({ text, trailing: [] });
      expect(await gunzip(Buffer.concat([gz, gzipSync('more'), gzipSync('')]), size)).toEqual({
        text: `${text}more`,
        trailing: [],
      });
    }
  });

  it('reports what follows the last member, zeros or not, after giving all the data', async () => {
    for (const size of [3, 1 << 20]) {
      expect(await gunzip(Buffer.concat([gz, Buffer.from('junk!')]), size)).toEqual({ text, trailing: [5] });
      expect(await gunzip(Buffer.concat([gz, Buffer.alloc(300)]), size)).toEqual({ text, trailing: [300] });
    }
  });

  it('refuses data cut short or corrupt', async () => {
    await expect(gunzip(gz.subarray(0, gz.length - 3))).rejects.toThrow(GzipError);
    await expect(gunzip(gz.subarray(0, gz.length / 2))).rejects.toThrow(/cut short/);
    const bad = Buffer.from(gz);
    bad[bad.length - 6] = bad[bad.length - 6]! ^ 0xff; // the CRC
    await expect(gunzip(bad)).rejects.toThrow(/corrupt/);
    await expect(gunzip(Buffer.from('not gzip at all'))).rejects.toThrow(/not gzip/);
  });
});
