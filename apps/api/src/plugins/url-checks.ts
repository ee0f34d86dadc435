import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, uriTooLong } from '../errors';

// URL rules the router applies only in some cases, applied to every request alike.

/** The longest path segment of a URL, decoded as the router decodes it. */
function longestSegment(path: string): number {
  let longest = 0;
  for (const raw of path.split('/')) {
    let segment = raw;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      // the router answers invalid_url for it
    }
    longest = Math.max(longest, segment.length);
  }
  return longest;
}

/** Whether every `%` of the query string starts a valid percent-encoded UTF-8 sequence. */
function decodableQuery(query: string): boolean {
  try {
    for (const part of query.split(/[&=]/)) decodeURIComponent(part.replaceAll('+', ' '));
    return true;
  } catch {
    return false;
  }
}

export const urlChecksPlugin = fp(async (app: FastifyInstance) => {
  const maxParamLength = app.initialConfig.maxParamLength ?? 100;
  app.addHook('onRequest', async (req) => {
    const [path = '', query] = req.url.split(/\?(.*)/s, 2);
    // The router answers 414 for a path parameter over maxParamLength only when no other route matches; a
    // wildcard route (the web UI's) would otherwise take such a URL and answer 404.
    if (longestSegment(path) > maxParamLength) throw uriTooLong(maxParamLength);
    // The query parser keeps a bad escape as it is; the router refuses one in the path: refused here too.
    if (query !== undefined && !decodableQuery(query)) {
      throw new HttpError(400, 'invalid_url', 'the query string is not valid percent-encoding');
    }
  });
});
