import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The API's layers point one way (docs/DESIGN.md "Dependencies"): routes -> services -> repositories, with
// src/errors.ts below them all and plugins beside the services. Repositories own every query and its
// shapes, so they import no service, plugin or route; services import no route or plugin; plugins no route;
// routes do not import Prisma (@coup/db). Only repositories query through `app.prisma` (the others hand it
// to them); a service may open a transaction (`$transaction`) and pass its client to repositories.

const SRC = path.dirname(fileURLToPath(import.meta.url));

/**
 * Files reworked elsewhere while this rule arrived (issue 19, the transports registry and the agent's socket
 * session): each with the rules it still breaks. Remove an entry once its file keeps the rules (the last
 * test fails while an entry is no longer needed).
 */
const TEMPORARY: Record<string, string[]> = {
  'routes/agents.ts': ['imports @coup/db'],
  'routes/agent-socket.ts': ['imports @coup/db', 'queries through app.prisma'],
};

const LAYERS = ['repositories', 'services', 'plugins', 'routes'] as const;
type Layer = (typeof LAYERS)[number];

/** What each layer may not import: other folders of src/, and packages. */
const FORBIDDEN: Record<Layer, { folders: string[]; packages: string[] }> = {
  repositories: { folders: ['services', 'routes', 'plugins'], packages: [] },
  services: { folders: ['routes', 'plugins'], packages: [] },
  plugins: { folders: ['routes'], packages: [] },
  routes: { folders: [], packages: ['@coup/db', '@prisma/client'] },
};

interface Source {
  /** Relative to src/, e.g. `routes/agents.ts`. */
  file: string;
  layer: Layer;
  text: string;
  imports: string[];
}

/** Every import, re-export and dynamic import with a string literal (multi-line import lists included). */
function importsOf(text: string): string[] {
  const found: string[] = [];
  for (const re of [
    /\b(?:import|export)\s[^'"`;]*?\bfrom\s*['"]([^'"]+)['"]/g,
    /\bimport\s*['"]([^'"]+)['"]/g,
    /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
  ]) {
    for (const m of text.matchAll(re)) found.push(m[1] as string);
  }
  return found;
}

const sources: Source[] = LAYERS.flatMap((layer) =>
  readdirSync(path.join(SRC, layer))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
    .map((name) => {
      const text = readFileSync(path.join(SRC, layer, name), 'utf8');
      return { file: `${layer}/${name}`, layer, text, imports: importsOf(text) };
    }),
);

/** The folder of src/ a relative import lands in (`errors.ts` and other top-level files: ''). */
function folderOf(from: Source, spec: string): string {
  const target = path.relative(SRC, path.resolve(path.join(SRC, path.dirname(from.file)), spec));
  return target.includes(path.sep) ? (target.split(path.sep)[0] as string) : '';
}

/** The rules a file breaks, each once, worded as TEMPORARY words them. */
function breaches(s: Source): string[] {
  const out = new Set<string>();
  const rules = FORBIDDEN[s.layer];
  for (const spec of s.imports) {
    if (spec.startsWith('.')) {
      const folder = folderOf(s, spec);
      if (rules.folders.includes(folder)) out.add(`imports ${folder}/`);
    } else if (rules.packages.some((p) => spec === p || spec.startsWith(`${p}/`))) {
      out.add(`imports ${spec}`);
    }
  }
  // A query written in place: `app.prisma.agent.findUnique(...)`, `app.prisma.$queryRaw`...; a service's
  // transaction is allowed (its queries are the repositories' functions, given its `tx`).
  const direct = [...s.text.matchAll(/\bprisma\.(\$?\w+)/g)].map((m) => m[1]);
  if (
    s.layer !== 'repositories' &&
    direct.some((name) => !(s.layer === 'services' && name === '$transaction'))
  ) {
    out.add('queries through app.prisma');
  }
  return [...out];
}

describe("the API's layers point one way", () => {
  it('reads the layers and their imports', () => {
    for (const layer of LAYERS) expect(sources.filter((s) => s.layer === layer).length).toBeGreaterThan(4);
    expect(sources.flatMap((s) => s.imports).length).toBeGreaterThan(200);
    // The parser sees a multi-line import list.
    expect(importsOf("import {\n  a,\n  b,\n} from '../x';\nexport * from './y';")).toEqual(['../x', './y']);
  });

  it('repositories import no service, plugin or route; services no route or plugin; plugins no route; routes no Prisma; only repositories query', () => {
    const wrong = sources.flatMap((s) => {
      const allowed = TEMPORARY[s.file] ?? [];
      return breaches(s)
        .filter((b) => !allowed.includes(b))
        .map((b) => `${s.file} ${b}`);
    });
    expect(wrong).toEqual([]);
  });

  it('lists as temporary exceptions only files that still need to be', () => {
    const stale = Object.entries(TEMPORARY).flatMap(([file, rules]) => {
      const s = sources.find((x) => x.file === file);
      const still = s ? breaches(s) : [];
      return rules.filter((r) => !still.includes(r)).map((r) => `${file}: no longer ${r}`);
    });
    expect(stale).toEqual([]);
  });
});
