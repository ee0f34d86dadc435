import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyHelmetOptions } from '@fastify/helmet';
import helmet from 'helmet';
import type { HelmetOptions } from 'helmet';

// The security headers of every response, pages first: the web UI keeps API keys in localStorage, so a
// script from anywhere but this site, or this site framed by another, must never run with them.
//
// - Content-Security-Policy: scripts, styles, fonts and connections only from this site; an inline script
//   or style runs only with the response's nonce (the only ones are in the queue board's page, which
//   carries it); no inline event handlers, no plugins, no <base> or form target elsewhere.
//   `connect-src 'self'` covers the WebSocket to the same host: under CSP Level 3, 'self' matches ws: and
//   wss: at the page's own host and port.
// - X-Frame-Options: DENY and frame-ancestors 'none': no page is shown inside another site's frame.
// - Referrer-Policy: no-referrer; X-Content-Type-Options: nosniff.
// No upgrade-insecure-requests: a platform on a LAN address is served over plain HTTP.

export const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  scriptSrcAttr: ["'none'"],
  styleSrc: ["'self'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'"],
  connectSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};

/**
 * The API documentation (Swagger UI) and the queue board (Bull Board) are others' pages, and each of their
 * logos is an SVG drawn by script with a <style> element inside, which no nonce can reach: the policy of
 * their routes allows exactly those two style texts by hash (CSP hashes apply to inline <style> elements).
 * After an upgrade of either, Chromium's console names the new hash ("...a hash ('sha256-...')"), and the
 * pages' browser test (apps/start/src/web/csp.test.ts) fails until it is written here.
 */
export const THIRD_PARTY_PAGES = ['/docs', '/admin/queues'];

const THIRD_PARTY_STYLE_HASHES = [
  // @fastify/swagger-ui 6 (Swagger UI 5), the top bar's logo: .logo_small_svg__cls-2{fill:#fff}...
  "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='",
  // @bull-board/ui 9, the Redis logo: .rds-b1 {fill: #ae7d83}...
  "'sha256-r2N1TB/gHbBtBZFKg7ejmq1acVSREzucTAEw6ga4hoU='",
];

export const THIRD_PARTY_PAGE_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: { ...CSP_DIRECTIVES, styleSrc: ["'self'", ...THIRD_PARTY_STYLE_HASHES] },
  },
};

export const SECURITY_HEADERS: FastifyHelmetOptions = {
  // Each response gets nonces for its inline scripts and styles (reply.cspNonce), added to the policy.
  enableCSPNonces: true,
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  frameguard: { action: 'deny' },
  referrerPolicy: { policy: 'no-referrer' },
  // Cross-origin isolation is not needed: no page loads anything from another origin.
  crossOriginEmbedderPolicy: false,
};

/**
 * The JSON API's routes (`/v1/...`): no HTML, so no inline script or style for a nonce to allow. They get
 * the same headers without nonces, computed once (helmet run against a response that records them):
 * @fastify/helmet builds helmet's middleware again on every request and draws two nonces (random bytes),
 * ~5-10% of the API's CPU on the hot reads (issue 23). Pages (the web UI, the documentation, the queue
 * board) keep per-response nonces.
 */
export const isJsonApiRoute = (url: string | undefined) => url !== undefined && url.startsWith('/v1/');

/** The headers helmet sets with `options` (and no nonce), as [name, value] pairs. */
export function staticSecurityHeaders(options: FastifyHelmetOptions): [string, string][] {
  const out: [string, string][] = [];
  const res = {
    setHeader: (name: string, value: string) => void out.push([name, value]),
    removeHeader: () => undefined,
  };
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  const { enableCSPNonces, global, ...rest } = options;
  helmet(rest as HelmetOptions)({} as IncomingMessage, res as unknown as ServerResponse, () => undefined);
  return out;
}
