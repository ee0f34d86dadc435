import { createHash } from 'node:crypto';
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The browser code is bundled by esbuild in memory, once, on the first request that needs it: a new user
// runs the platform with no build step, and processes that never serve a page (tests of the API, workers)
// never pay for it.

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const CLIENT = path.join(WEB_ROOT, 'src/client');
const ENTRY = path.join(CLIENT, 'main.ts');

export interface Asset {
  body: Buffer;
  contentType: string;
  etag: string;
}

export interface Bundle {
  /** By file name under /assets/: app.js, app.css and their source maps. */
  assets: Map<string, Asset>;
  /** A short hash of the whole bundle, for cache-busting query strings. */
  version: string;
  builtMs: number;
  /** When the build started (epoch ms): sources changed after it make a watching bundle rebuild. */
  startedAt: number;
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export async function buildBundle(): Promise<Bundle> {
  const startedAt = Date.now();
  const started = performance.now();
  const result = await build({
    absWorkingDir: WEB_ROOT,
    entryPoints: { app: ENTRY },
    bundle: true,
    write: false,
    outdir: path.join(WEB_ROOT, 'assets'),
    format: 'esm',
    platform: 'browser',
    target: ['es2022'],
    minify: true,
    sourcemap: 'linked',
    legalComments: 'eof',
    logLevel: 'silent',
  });
  const assets = new Map<string, Asset>();
  const all = createHash('sha256');
  for (const file of result.outputFiles) {
    const name = path.basename(file.path);
    const body = Buffer.from(file.contents);
    const hash = createHash('sha256').update(body).digest('base64url').slice(0, 16);
    all.update(hash);
    const ext = name.endsWith('.map') ? '.map' : path.extname(name);
    assets.set(name, {
      body,
      contentType: TYPES[ext] ?? 'text/plain; charset=utf-8',
      etag: `"${hash}"`,
    });
  }
  return {
    assets,
    version: all.digest('base64url').slice(0, 10),
    builtMs: Math.round(performance.now() - started),
    startedAt,
  };
}

/** The newest modification time of the browser sources (a few dozen files). */
function newestSource(dir = CLIENT): number {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestSource(p) : statSync(p).mtimeMs);
  }
  return newest;
}

export interface LazyBundle {
  /** The bundle, built on the first call; with `fresh` and watching, rebuilt if a source changed since. */
  (o?: { fresh?: boolean }): Promise<Bundle>;
}

/**
 * Builds at most once at a time; a failed build is tried again on the next request. With `watch` (for
 * development), a page load after an edit of the browser sources gets a new bundle: reload to see it.
 */
export function lazyBundle(o: { watch?: boolean } = {}): LazyBundle {
  let pending: Promise<Bundle> | null = null;
  const build = () =>
    (pending = buildBundle().catch((err: unknown) => {
      pending = null;
      throw err;
    }));
  return async ({ fresh = false } = {}) => {
    if (!pending) return build();
    if (fresh && o.watch) {
      const current = await pending.catch(() => null);
      if (current && newestSource() > current.startedAt) return build();
    }
    return pending;
  };
}
