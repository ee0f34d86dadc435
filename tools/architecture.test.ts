import { describe, expect, it } from 'vitest';
import { ALLOWED_DEPENDENCIES } from './allowed-dependencies';
import {
  circles,
  isProductionCode,
  isTestingImport,
  resolveImport,
  sourceFiles,
  workspaceOf,
  workspaces,
} from './workspace-graph';
import type { SourceFile } from './workspace-graph';

// Which way the dependencies point, checked on every `npm test` (docs/DESIGN.md "Dependencies"):
// packages never import apps; apps never import each other, except the composition root (apps/start),
// the one place where the API, the web UI and the worker meet; every workspace imports only what the
// allowed-dependency table (allowed-dependencies.ts) lets it, and declares it; every import resolves;
// nothing imports in a circle; production code never loads the development stack (@coup/devstack) nor
// test support (`*/testing`). Files started by path (worker threads, child processes) count as imports.

const COMPOSITION_ROOT = '@coup/start';
/** Files of the composition root that may use the development stack: the one-command start only. */
const DEV_ENTRY_POINTS = new Set(['apps/start/src/start.ts']);

const all = workspaces();
const files = sourceFiles(all);
const kindOf = new Map(all.map((w) => [w.name, w.kind]));

/** The workspace a file belongs to, from its path. */
const ownerOf = (file: string) => all.find((w) => file.startsWith(`${w.dir}/`))?.name ?? null;

/** Specifiers of files built when a package is packed, absent from a checkout (the CLI's bin falls back). */
const BUILD_OUTPUTS = new Set(['apps/cli/bin/coup.js -> ../dist/coup.js']);

/** Every import and every file started by path, with whether it was written as a path string. */
const allImports = (f: SourceFile) => [
  ...f.imports.map((spec) => ({ spec, byPath: false })),
  ...f.pathImports.map((spec) => ({ spec, byPath: true })),
];

/** `file -> imported workspace` for every import of another workspace, by name or by relative path. */
const crossImports = files.flatMap((f) =>
  allImports(f).flatMap(({ spec, byPath }) => {
    const target = spec.startsWith('.') ? ownerOf(resolveImport(f, spec, all) ?? '') : workspaceOf(spec);
    return target && target !== f.workspace.name ? [{ f, spec, target, byPath }] : [];
  }),
);

const short = (name: string) => name.replace(/^@coup\//, '');
const words = (s: string | undefined) => (s ?? '').split(' ').filter(Boolean);

describe('dependencies point one way', () => {
  it('finds the workspaces and their imports', () => {
    expect(all.map((w) => w.name)).toEqual(
      expect.arrayContaining(['@coup/api', '@coup/start', '@coup/devstack']),
    );
    expect(crossImports.length).toBeGreaterThan(100);
  });

  it('no app imports another app; only the composition root (apps/start) imports apps', () => {
    const wrong = crossImports
      .filter(({ f, target }) => kindOf.get(target) === 'app' && f.workspace.name !== COMPOSITION_ROOT)
      .map(({ f, spec }) => `${f.file} imports ${spec}`);
    expect(wrong).toEqual([]);
  });

  it('no package.json of an app or a package depends on an app, but the composition root', () => {
    const wrong = all.flatMap((w) =>
      [...w.dependsOn]
        .filter((d) => kindOf.get(d) === 'app' && w.name !== COMPOSITION_ROOT)
        .map((d) => `${w.dir}/package.json depends on ${d}`),
    );
    expect(wrong).toEqual([]);
  });

  it('imports another workspace by its package name, never by a relative path into it', () => {
    const wrong = crossImports
      .filter(({ spec, byPath }) => spec.startsWith('.') && !byPath)
      .map(({ f, spec }) => `${f.file} imports ${spec}`);
    expect(wrong).toEqual([]);
  });

  it('finds the files started by path: the import pool worker thread, the start child processes', () => {
    const started = files.flatMap((f) => f.pathImports.map((spec) => resolveImport(f, spec, all)));
    expect(started).toEqual(
      expect.arrayContaining([
        'packages/archive/src/import/worker.ts',
        'apps/start/src/api-main.ts',
        'apps/worker/src/main.ts',
      ]),
    );
  });

  it('every import resolves: a relative path to a file, a workspace import to one of its exports', () => {
    const wrong = files.flatMap((f) =>
      allImports(f)
        .filter(({ spec }) => spec.startsWith('.') || workspaceOf(spec) !== null)
        .filter(({ spec }) => !BUILD_OUTPUTS.has(`${f.file} -> ${spec}`))
        .filter(({ spec }) => resolveImport(f, spec, all) === null)
        .map(({ spec }) => `${f.file} imports ${spec}, which is no file (or no export of the workspace)`),
    );
    expect(wrong).toEqual([]);
  });

  it('every workspace is in the allowed-dependency table, and imports only what it allows', () => {
    const named = all.filter((w) => w.name.startsWith('@coup/'));
    expect(named.map((w) => short(w.name)).sort()).toEqual(Object.keys(ALLOWED_DEPENDENCIES).sort());
    const wrong = crossImports
      .filter(({ f, target }) => {
        const allowed = ALLOWED_DEPENDENCIES[short(f.workspace.name)];
        const ok = [...words(allowed?.code), ...(isProductionCode(f.file) ? [] : words(allowed?.tests))];
        return !ok.includes(short(target));
      })
      .map(({ f, spec }) => `${f.file} imports ${spec} (not allowed in tools/allowed-dependencies.ts)`);
    expect(wrong).toEqual([]);
  });

  it('the allowed-dependency table is tight: every allowed workspace is imported', () => {
    const used = new Set(crossImports.map(({ f, target }) => `${short(f.workspace.name)} ${short(target)}`));
    const usedInCode = new Set(
      crossImports
        .filter(({ f }) => isProductionCode(f.file))
        .map(({ f, target }) => `${short(f.workspace.name)} ${short(target)}`),
    );
    const unused = Object.entries(ALLOWED_DEPENDENCIES).flatMap(([name, a]) => [
      ...words(a.code)
        .filter((d) => !usedInCode.has(`${name} ${d}`))
        .map((d) => `${name}: code '${d}' (no production file imports it)`),
      ...words(a.tests)
        .filter((d) => !used.has(`${name} ${d}`) || usedInCode.has(`${name} ${d}`))
        .map((d) => `${name}: tests '${d}' (no test imports it, or production code does: move it to code)`),
    ]);
    expect(unused).toEqual([]);
  });

  it('production code never imports test support (`*/testing`)', () => {
    const wrong = files
      .filter((f) => isProductionCode(f.file))
      .flatMap((f) =>
        allImports(f)
          .filter(({ spec }) => isTestingImport(spec))
          .map(({ spec }) => `${f.file} imports ${spec}`),
      );
    expect(wrong).toEqual([]);
  });

  it('every workspace declares in package.json the workspaces it imports', () => {
    const undeclared = crossImports
      .filter(({ f, target }) => kindOf.has(target) && !f.workspace.dependsOn.has(target))
      .map(({ f, spec }) => `${f.file} imports ${spec}, not in ${f.workspace.dir}/package.json`);
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('the REST contract, and the web UI built on it, depend on no database at any depth', () => {
    const prodDeps = new Map(
      all.map((w) => [w.name, [...w.dependsOn].filter((d) => !w.devDependsOn.has(d))]),
    );
    const reach = (from: string, seen = new Set<string>()): Set<string> => {
      for (const d of prodDeps.get(from) ?? []) if (!seen.has(d)) reach(d, seen.add(d));
      return seen;
    };
    for (const name of ['@coup/api-contract', '@coup/web']) {
      expect(
        [...reach(name)].filter((d) => d === '@coup/db' || d.startsWith('@prisma/')),
        name,
      ).toEqual([]);
    }
  });

  it('the workspaces depend on each other without a circle', () => {
    const edges = new Map(all.map((w) => [w.name, [...w.dependsOn].filter((d) => kindOf.has(d))]));
    expect(circles(edges)).toEqual([]);
  });

  it('no source file imports in a circle (type-only imports included)', () => {
    const edges = new Map<string, string[]>();
    for (const f of files) {
      const targets = allImports(f)
        .map(({ spec }) => resolveImport(f, spec, all))
        .filter((t) => t !== null);
      edges.set(f.file, targets);
    }
    expect(circles(edges)).toEqual([]);
  });

  it('production code never loads the development stack (@coup/devstack)', () => {
    const wrong = crossImports
      .filter(({ f, target }) => target === '@coup/devstack' && isProductionCode(f.file))
      .filter(({ f }) => !DEV_ENTRY_POINTS.has(f.file))
      .map(({ f, spec }) => `${f.file} imports ${spec}`);
    expect(wrong).toEqual([]);
    const declared = all
      .filter((w) => w.dependsOn.has('@coup/devstack') && !w.devDependsOn.has('@coup/devstack'))
      .map((w) => `${w.dir}/package.json has @coup/devstack outside devDependencies`);
    expect(declared).toEqual([]);
  });
});
