import net from 'node:net';

// HTTP requests written byte for byte on a socket: what no HTTP client will send (a NUL in a header, a URL
// over Node's header limit, a broken request line), to see what the server answers before Fastify runs.

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** The body parsed as JSON, or undefined when it is not JSON. */
  json: unknown;
}

/** Parses what a server wrote on a connection as one HTTP response (null when it is not one). */
export function parseRawResponse(bytes: Buffer): RawResponse | null {
  const text = bytes.toString('utf8');
  const split = text.indexOf('\r\n\r\n');
  const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
  if (!m || split < 0) return null;
  const headers: Record<string, string> = {};
  for (const line of text.slice(0, split).split('\r\n').slice(1)) {
    const i = line.indexOf(':');
    headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
  }
  const rest = text.slice(split + 4);
  let json: unknown;
  try {
    json = JSON.parse(rest);
  } catch {
    json = undefined;
  }
  return { status: Number(m[1]), headers, body: rest, json };
}

/**
 * Sends `head` (the request line and headers, without the blank line) and an optional body, and reads until
 * the server closes (send `Connection: close` for a request the server answers normally).
 */
export function rawHttp(baseUrl: string, head: string, body = '', timeoutMs = 10_000): Promise<RawResponse> {
  return rawExchange(baseUrl, head, body, { timeoutMs }).then(({ bytes, error }) => {
    if (error) throw error;
    const res = parseRawResponse(bytes);
    if (!res)
      throw new Error(`not an HTTP response: ${JSON.stringify(bytes.toString('utf8').slice(0, 200))}`);
    return res;
  });
}

export interface RawExchange {
  /** Everything the server wrote before the connection ended. */
  bytes: Buffer;
  /** The socket error, if the connection ended with one (EPIPE, ECONNRESET...), or a timeout. */
  error?: Error & { code?: string };
}

/**
 * Writes the request as a plain client would (the whole body at once, whatever the server says meanwhile)
 * and reads until the server closes. Never rejects: a socket error is reported beside what was read.
 */
export function rawExchange(
  baseUrl: string,
  head: string,
  body: string | Buffer = '',
  o: { timeoutMs?: number; chunkBytes?: number } = {},
): Promise<RawExchange> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    let error: RawExchange['error'];
    const timer = setTimeout(
      () => socket.destroy(new Error(`no answer in ${o.timeoutMs ?? 10_000} ms`)),
      o.timeoutMs ?? 10_000,
    );
    // With `chunkBytes`, the body goes out piece by piece, each once the last has left (a client on a real
    // network): still writing when the server answers.
    const bytes = typeof body === 'string' ? Buffer.from(body) : body;
    const step = o.chunkBytes ?? bytes.length;
    let at = 0;
    const next = () => {
      if (at >= bytes.length || socket.destroyed) return;
      const piece = bytes.subarray(at, (at += step));
      if (socket.write(piece)) setImmediate(next);
      else socket.once('drain', next);
    };
    socket.on('connect', () => {
      socket.write(`${head}\r\n\r\n`);
      next();
    });
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (err) => (error ??= err));
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ bytes: Buffer.concat(chunks), ...(error ? { error } : {}) });
    });
  });
}
