import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuSeconds, startTsxProcess } from './child-process.ts';

describe('startTsxProcess', () => {
  it('resolves on its ready line, reads its CPU from /proc, and stops it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'devstack-child-'));
    const file = path.join(dir, 'child.ts');
    writeFileSync(
      file,
      'const n: number = 42;\nconsole.log(`ready at ${n}`);\nsetInterval(() => {}, 1000);\n',
    );
    const child = await startTsxProcess(file, { ready: /ready at (\d+)/, cwd: process.cwd() });
    expect(child.match[1]).toBe('42');
    expect(cpuSeconds(child.child.pid)).toBeGreaterThanOrEqual(0);
    await child.stop();
    expect(Number.isNaN(cpuSeconds(child.child.pid))).toBe(true);
  });

  it('rejects when the process exits before it is ready', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'devstack-child-'));
    const file = path.join(dir, 'fails.ts');
    writeFileSync(file, "console.log('no');\nprocess.exit(3);\n");
    await expect(startTsxProcess(file, { ready: /ready/, cwd: process.cwd() })).rejects.toThrow(
      /exited with 3/,
    );
  });
});
