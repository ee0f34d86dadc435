import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ts from 'typescript';

// The repository as a graph, for the architecture test: its workspaces (apps and packages) with their
// package.json dependencies, and every source file with what it imports (static, type-only, dynamic,
// re-exports), read with the TypeScript scanner rather than by hand.

export const repoRoot = path.resolve(import.meta.dirname, '..');

export interface Workspace {
  name: string;
  /** Relative to the repository root, e.g. `apps/api`. */
  dir: string;
  kind: 'app' | 'package';
  /** dependencies, devDependencies, optional and peer dependencies together. */
  dependsOn: Set<string>;
  /** devDependencies alone (what a production install leaves out). */
  devDependsOn: Set<string>;
  exports: Record<string, string>;
}

export interface SourceFile {
  /** Relative to the repository root. */
  file: string;
  workspace: Workspace;
  /** Module specifiers as written. */
  imports: string[];
  /**
   * Files this one loads by a path written as a string, as relative specifiers: a worker thread or child
   * process started from `new URL('./worker.ts', import.meta.url)` or `path.join(repoRoot, 'apps/...ts')`.
   */
  pathImports: string[];
}

type PackageJson = {
  name: string;
  workspaces?: string[];
  exports?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
};

const readJson = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as PackageJson;

export function workspaces(): Workspace[] {
  return (readJson(path.join(repoRoot, 'package.json')).workspaces ?? []).map((dir) => {
    const pkg = readJson(path.join(repoRoot, dir, 'package.json'));
    const deps = [pkg.dependencies, pkg.devDependencies, pkg.optionalDependencies, pkg.peerDependencies];
    return {
      name: pkg.name,
      dir,
      kind: dir.startsWith('apps/') ? 'app' : 'package',
      dependsOn: new Set(deps.flatMap((d) => Object.keys(d ?? {}))),
      devDependsOn: new Set(Object.keys(pkg.devDependencies ?? {})),
      exports: pkg.exports ?? {},
    };
  });
}

const SOURCE = /\.(ts|js|mjs)$/;
const SKIP_DIRS = new Set(['node_modules', 'generated', 'dist', 'fixtures']);

function walk(dir: string, out: string[]): string[] {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir)) {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) {
      if (!SKIP_DIRS.has(entry)) walk(full, out);
    } else if (SOURCE.test(entry)) out.push(full);
  }
  return out;
}

export function sourceFiles(all: Workspace[]): SourceFile[] {
  return all.flatMap((w) =>
    ['src', 'bench', 'bin']
      .flatMap((sub) => walk(path.join(repoRoot, w.dir, sub), []))
      .map((full) => {
        const text = readFileSync(full, 'utf8');
        const file = path.relative(repoRoot, full);
        return {
          file,
          workspace: w,
          imports: ts.preProcessFile(text, true, true).importedFiles.map((f) => f.fileName),
          pathImports: pathImports(file, text),
        };
      }),
  );
}

const CODE_PATH = String.raw`['"]([^'"]+\.(?:ts|js|mjs))['"]`;
/** `new URL('./worker.ts', import.meta.url)`: a path relative to the file. */
const URL_PATH = new RegExp(String.raw`new URL\(\s*${CODE_PATH}\s*,\s*import\.meta\.url\s*\)`, 'g');
/** `path.join(repoRoot, 'apps/worker/src/main.ts')`: a path from the repository root. */
const ROOT_PATH = new RegExp(String.raw`path\.(?:join|resolve)\(\s*repoRoot\s*,\s*${CODE_PATH}\s*\)`, 'g');

/** The code files `text` names by path (to start them as a worker thread or child process). */
function pathImports(file: string, text: string): string[] {
  const fromFile = [...text.matchAll(URL_PATH)].map((m) => m[1] as string);
  const fromRoot = [...text.matchAll(ROOT_PATH)].map((m) => {
    const rel = path.relative(path.dirname(file), m[1] as string);
    return rel.startsWith('.') ? rel : `./${rel}`;
  });
  return [...fromFile, ...fromRoot];
}

/** `@coup/api/testing` -> `@coup/api`; `node:fs` and relative paths -> null. */
export function workspaceOf(specifier: string): string | null {
  const m = /^(@coup\/[^/]+)/.exec(specifier);
  return m ? (m[1] as string) : null;
}

/** Test code: test files and test support (`testing/` folders, `testing.ts`, test fixtures). */
export function isTestCode(file: string): boolean {
  return /\.test\.ts$|\/testing\/|\/testing\.ts$|test-fixtures\.ts$/.test(file);
}

/** Production code: neither test code nor a benchmark (`bench/`). */
export function isProductionCode(file: string): boolean {
  return !isTestCode(file) && !/(^|\/)bench\//.test(file);
}

/** Whether an import names test support: `@coup/engine/testing`, `./testing`, `../testing/match`... */
export function isTestingImport(specifier: string): boolean {
  return /(^|\/)testing(\/|\.ts$|$)/.test(specifier);
}

/** The file an import resolves to inside the repository (relative paths and workspace exports), or null. */
export function resolveImport(from: SourceFile, specifier: string, all: Workspace[]): string | null {
  if (specifier.startsWith('.')) {
    const base = path.join(path.dirname(from.file), specifier);
    const candidates = [base, `${base}.ts`, path.join(base, 'index.ts')];
    return (
      candidates.find(
        (c) => existsSync(path.join(repoRoot, c)) && statSync(path.join(repoRoot, c)).isFile(),
      ) ?? null
    );
  }
  const name = workspaceOf(specifier);
  const target = name && all.find((w) => w.name === name);
  if (!target) return null;
  const sub = `.${specifier.slice(name.length)}`;
  const entry = target.exports[sub];
  return entry ? path.join(target.dir, entry) : null;
}

/** The strongly connected components of more than one file (or a file importing itself): the import circles. */
export function circles(edges: Map<string, string[]>): string[][] {
  let index = 0;
  const indexOf = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (v: string) => {
    indexOf.set(v, index);
    low.set(v, index++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!indexOf.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, indexOf.get(w)!));
    }
    if (low.get(v) === indexOf.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component.sort());
    }
  };
  for (const v of edges.keys()) if (!indexOf.has(v)) visit(v);
  return found;
}
