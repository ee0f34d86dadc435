import { describe, expect, it } from 'vitest';
import { circles, isTestCode, resolveImport, sourceFiles, workspaceOf, workspaces } from './workspace-graph';

// Which way the dependencies point, checked on every `npm test` (docs/DESIGN.md "Dependencies"):
// packages never import apps; apps never import each other, except the composition root (apps/start),
// the one place where the API, the web UI and the worker meet; every workspace declares what it imports;
// nothing imports in a circle; and production code never loads the development stack (@coup/devstack).

const COMPOSITION_ROOT = '@coup/start';
/** Files of the composition root that may use the development stack: the one-command start only. */
const DEV_ENTRY_POINTS = new Set(['apps/start/src/start.ts']);

const all = workspaces();
const files = sourceFiles(all);
const kindOf = new Map(all.map((w) => [w.name, w.kind]));

/** The workspace a file belongs to, from its path. */
const ownerOf = (file: string) => all.find((w) => file.startsWith(`${w.dir}/`))?.name ?? null;

/** `file -> imported workspace` for every import of another workspace, by name or by relative path. */
const crossImports = files.flatMap((f) =>
  f.imports.flatMap((spec) => {
    const target = spec.startsWith('.') ? ownerOf(resolveImport(f, spec, all) ?? '') : workspaceOf(spec);
    return target && target !== f.workspace.name ? [{ f, spec, target }] : [];
  }),
);

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
      .filter(({ spec }) => spec.startsWith('.'))
      .map(({ f, spec }) => `${f.file} imports ${spec}`);
    expect(wrong).toEqual([]);
  });

  it('every workspace declares in package.json the workspaces it imports', () => {
    const undeclared = crossImports
      .filter(({ f, target }) => kindOf.has(target) && !f.workspace.dependsOn.has(target))
      .map(({ f, spec }) => `${f.file} imports ${spec}, not in ${f.workspace.dir}/package.json`);
    expect([...new Set(undeclared)]).toEqual([]);
  });

  it('the workspaces depend on each other without a circle', () => {
    const edges = new Map(all.map((w) => [w.name, [...w.dependsOn].filter((d) => kindOf.has(d))]));
    expect(circles(edges)).toEqual([]);
  });

  it('no source file imports in a circle (type-only imports included)', () => {
    const edges = new Map<string, string[]>();
    for (const f of files) {
      const targets = f.imports.map((spec) => resolveImport(f, spec, all)).filter((t) => t !== null);
      edges.set(f.file, targets);
    }
    expect(circles(edges)).toEqual([]);
  });

  it('production code never loads the development stack (@coup/devstack)', () => {
    const wrong = crossImports
      .filter(({ f, target }) => target === '@coup/devstack' && !isTestCode(f.file))
      .filter(({ f }) => !DEV_ENTRY_POINTS.has(f.file))
      .map(({ f, spec }) => `${f.file} imports ${spec}`);
    expect(wrong).toEqual([]);
    const declared = all
      .filter((w) => w.dependsOn.has('@coup/devstack') && !w.devDependsOn.has('@coup/devstack'))
      .map((w) => `${w.dir}/package.json has @coup/devstack outside devDependencies`);
    expect(declared).toEqual([]);
  });
});
