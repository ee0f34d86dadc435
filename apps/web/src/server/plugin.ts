import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { lazyBundle } from './bundle';
import type { Bundle } from './bundle';
import { indexHtml } from './index-html';

export interface WebPluginOptions {
  /**
   * Paths that belong to the API, never to the web UI: an unknown path under one of them gets the app's
   * 404 (JSON), not index.html.
   */
  apiPrefixes?: string[];
  /**
   * Whether the platform runs official events (EVENTS_ENABLED): the events pages then say so at once
   * instead of calling an API that answers 404 events_disabled.
   */
  eventsEnabled?: boolean;
  /** Rebuild the bundle when the browser sources change (default: NODE_ENV is development). */
  watch?: boolean;
}

export const DEFAULT_API_PREFIXES = ['/v1', '/docs', '/admin', '/metrics', '/healthz', '/readyz', '/openapi'];

/** Static assets are not API calls: they are exempt from the API's rate limit and hidden from OpenAPI. */
const routeOptions = { config: { rateLimit: false }, schema: { hide: true } } as const;

function underPrefix(url: string, prefixes: readonly string[]): boolean {
  const p = url.split('?')[0] ?? '';
  return prefixes.some((x) => p === x || p.startsWith(`${x}/`) || p.startsWith(`${x}.`));
}

/**
 * The web UI: `/assets/*` (the bundle, built in memory on first use) and index.html for `/` and every other
 * GET path that is not the API's (history-API routing: /agents/:id, /matches/:id, /live/:id, /events/:id).
 */
export const webPlugin: FastifyPluginAsync<WebPluginOptions> = async (app, opts) => {
  const prefixes = opts.apiPrefixes ?? DEFAULT_API_PREFIXES;
  const bundle = lazyBundle({ watch: opts.watch ?? process.env.NODE_ENV === 'development' });
  let html: { version: string; body: string } | null = null;

  async function load(reply: FastifyReply, fresh = false): Promise<Bundle | null> {
    try {
      return await bundle({ fresh });
    } catch (err) {
      reply.log.error({ err }, 'web UI bundle failed');
      await reply.code(500).send({
        error: { code: 'web_bundle_failed', message: 'the web UI could not be built; see the log' },
      });
      return null;
    }
  }

  async function sendIndex(_req: FastifyRequest, reply: FastifyReply) {
    const b = await load(reply, true);
    if (!b) return reply;
    if (html?.version !== b.version) {
      html = {
        version: b.version,
        body: indexHtml(b.version, { eventsEnabled: opts.eventsEnabled ?? true }),
      };
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('x-content-type-options', 'nosniff')
      .type('text/html; charset=utf-8')
      .send(html.body);
  }

  app.get<{ Params: { file: string } }>('/assets/:file', routeOptions, async (req, reply) => {
    const b = await load(reply);
    if (!b) return reply;
    const asset = b.assets.get(req.params.file);
    if (!asset) return reply.callNotFound();
    reply.header('etag', asset.etag).header('cache-control', 'no-cache');
    if (req.headers['if-none-match'] === asset.etag) return reply.code(304).send();
    return reply.type(asset.contentType).send(asset.body);
  });

  app.get('/', routeOptions, sendIndex);
  app.get('/*', routeOptions, async (req, reply) => {
    const path = req.url.split('?')[0] ?? '';
    // API paths keep the API's JSON 404; so do file-like paths (/favicon.ico, /robots.txt...).
    if (underPrefix(req.url, prefixes) || /\.[A-Za-z0-9]{1,8}$/.test(path)) return reply.callNotFound();
    return sendIndex(req, reply);
  });
};
