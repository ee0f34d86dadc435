import { copyFileSync, existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { repoRoot, workspaces } from '../workspace-graph';

// package.json of a package packed from a workspace. In the repository a workspace's manifest points at its
// TypeScript sources and depends on other workspaces; the packed one points at the bundle and depends only
// on the third-party packages the bundle imports. `npm pack` reads the manifest from disk after `prepack`,
// so prepack swaps in the packed one (keeping the original beside it) and postpack puts the original back.

export interface Manifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  scripts?: Record<string, string>;
  [field: string]: unknown;
}

/** Where prepack keeps the workspace's own manifest while npm packs the swapped one. */
export const SOURCE_MANIFEST = 'package.json.pack-source';

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

export function readManifest(dir: string): Manifest {
  return readJson<Manifest>(path.join(dir, 'package.json'));
}

/**
 * The version range of each third-party package a bundle imports, as the workspaces declare it (the
 * packed workspace's own declaration first). A package no workspace declares is an error: the bundle
 * would import something its manifest cannot promise.
 */
export function dependencyRanges(own: Manifest, externals: readonly string[]): Record<string, string> {
  const manifests = [own, ...workspaces().map((w) => readManifest(path.join(repoRoot, w.dir)))];
  const missing: string[] = [];
  const ranges: Record<string, string> = {};
  for (const name of externals) {
    const range = manifests.map((m) => m.dependencies?.[name]).find((r) => r !== undefined);
    if (range === undefined) missing.push(name);
    else ranges[name] = range;
  }
  if (missing.length > 0) {
    throw new Error(`${own.name}: the bundle imports ${missing.join(', ')}, which no workspace depends on`);
  }
  return ranges;
}

/** The manifest to pack: the workspace's, without what only the repository uses, with `changes`. */
export function packedManifest(own: Manifest, changes: Partial<Manifest>): Manifest {
  const { scripts: _scripts, devDependencies: _dev, ...rest } = own;
  const root = readJson<{ engines?: Record<string, string> }>(path.join(repoRoot, 'package.json'));
  return { ...rest, ...(root.engines ? { engines: root.engines } : {}), ...changes };
}

/** Puts back a manifest left swapped by a pack that did not finish. */
export function restoreManifest(dir: string): void {
  const source = path.join(dir, SOURCE_MANIFEST);
  if (existsSync(source)) renameSync(source, path.join(dir, 'package.json'));
}

/** Writes `manifest` as package.json, the original kept as SOURCE_MANIFEST (atomic renames). */
export function swapManifest(dir: string, manifest: Manifest): void {
  restoreManifest(dir);
  copyFileSync(path.join(dir, 'package.json'), path.join(dir, SOURCE_MANIFEST));
  const tmp = path.join(dir, `.package.json.${process.pid}`);
  writeFileSync(tmp, `${JSON.stringify(manifest, null, 2)}\n`);
  renameSync(tmp, path.join(dir, 'package.json'));
}
