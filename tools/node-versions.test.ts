import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './workspace-graph';

// The supported Node versions (README "Node versions") are the root package.json's `engines.node`. Every
// package the lock file installs must accept the oldest of them, or `npm ci` warns EBADENGINE there (three
// packages once needed Node 22 while the project ran on Node 20: see the `overrides` in package.json).

type Lock = { packages: Record<string, { version?: string; engines?: Record<string, string> | string[] }> };

const readJson = <T>(file: string) => JSON.parse(readFileSync(path.join(repoRoot, file), 'utf8')) as T;
const supported = readJson<{ engines: { node: string } }>('package.json').engines.node;
const oldest = semver.minVersion(supported);

describe('supported Node versions', () => {
  it('declares a range that includes Node 20.19 (CI) and the current LTS lines', () => {
    for (const version of ['20.19.0', '20.20.2', '22.12.0', '24.0.0']) {
      expect(semver.satisfies(version, supported), `${version} in ${supported}`).toBe(true);
    }
    expect(oldest?.version).toBe('20.19.0');
  });

  it('installs no package whose engines.node excludes the oldest supported version', () => {
    const lock = readJson<Lock>('package-lock.json');
    const wrong = Object.entries(lock.packages).flatMap(([where, pkg]) => {
      // engines as an array is a legacy form npm does not check.
      const range = Array.isArray(pkg.engines) ? undefined : pkg.engines?.node;
      if (!range || !oldest) return [];
      const ok = semver.satisfies(oldest, range, { includePrerelease: true });
      return ok ? [] : [`${where}@${pkg.version ?? '?'} needs node ${range}`];
    });
    expect(wrong).toEqual([]);
  });
});
