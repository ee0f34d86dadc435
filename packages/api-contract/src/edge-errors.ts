// The errors the platform itself can answer on any operation, whatever its route does: Node's HTTP parser
// (408, 414, 431), the router (400 invalid_url, 414), the body parser (413, 415), the text guard and
// validation (400), the rate limiter (429), the last-resort handler (500) and a backing service that is
// unreachable for a moment (503: Postgres or Redis restarting). The API adds them to every documented route
// in one place (apps/api plugins/edge-errors.ts), so the OpenAPI document lists them everywhere.

/** What each error status means in this API, for the OpenAPI document. */
export const ERROR_DESCRIPTIONS: Record<number, string> = {
  400:
    'Bad request (`validation_failed` naming the field, `invalid_json`, `invalid_url` for a path that is ' +
    'not valid percent-encoding, `invalid_request`); a NUL character in any value is always refused',
  401: 'No key or an unknown key (`unauthorized`)',
  403: 'The key may not do this (`forbidden`)',
  404: 'Not found (`not_found`)',
  408: 'The request was not received in time (`request_timeout`)',
  409: "Conflicts with the resource's current state",
  413: 'The body is over the size limit (`payload_too_large`)',
  414: 'The URL or one of its path segments is too long (`uri_too_long`)',
  415: 'The body is not JSON (`unsupported_media_type`)',
  429:
    'Too many requests (`rate_limited`): the message states the limit and the wait; `Retry-After` gives ' +
    'the seconds to wait',
  431: 'The request headers are too large (`headers_too_large`)',
  500: 'Internal error (`internal`)',
  503: 'Postgres or Redis is unreachable for a moment (`unavailable`); `Retry-After` gives the seconds to wait',
};

/** Response headers documented with an error status. */
export const ERROR_HEADERS: Record<number, Record<string, { type: string; description: string }>> = {
  429: { 'retry-after': { type: 'integer', description: 'Seconds until the limit resets' } },
  503: { 'retry-after': { type: 'integer', description: 'Seconds to wait before trying again' } },
};

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** What edgeErrorStatuses needs of a route (a subset of fastify's RouteOptions). */
export interface EdgeRoute {
  method: string | string[];
  config?: unknown;
}

/** The statuses any request to this route can get from the platform, besides what the route declares. */
export function edgeErrorStatuses(route: EdgeRoute): number[] {
  const methods = Array.isArray(route.method) ? route.method : [route.method];
  const statuses = [400, 408, 414, 431, 500, 503];
  // Fastify parses bodies of these methods whatever the route declares: any can be too big or not JSON.
  if (methods.some((m) => BODY_METHODS.has(m))) statuses.push(413, 415);
  const rateLimit = (route.config as { rateLimit?: unknown } | undefined)?.rateLimit;
  if (rateLimit !== false) statuses.push(429);
  return statuses;
}
