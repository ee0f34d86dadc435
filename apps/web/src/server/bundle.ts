import { createHash } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// The browser code is bundled by esbuild in memory, once, on the first request that needs it: a new user
// runs the platform with no build step, and processes that never serve a page (tests of the API, workers)
// never pay for it.

const WEB_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = path.join(WEB_ROOT, 'src/client/main.ts');

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
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

export async function buildBundle(): Promise<Bundle> {
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
  };
}

/** Builds at most once at a time; a failed build is tried again on the next request. */
export function lazyBundle(): () => Promise<Bundle> {
  let pending: Promise<Bundle> | null = null;
  return () => {
    pending ??= buildBundle().catch((err: unknown) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}
