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

/**
 * Sends `head` (the request line and headers, without the blank line) and an optional body, and reads until
 * the server closes (send `Connection: close` for a request the server answers normally).
 */
export function rawHttp(baseUrl: string, head: string, body = '', timeoutMs = 10_000): Promise<RawResponse> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => socket.destroy(new Error(`no answer in ${timeoutMs} ms`)), timeoutMs);
    socket.on('connect', () => socket.write(`${head}\r\n\r\n${body}`));
    socket.on('data', (d) => chunks.push(d));
    socket.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    socket.on('close', () => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      const split = text.indexOf('\r\n\r\n');
      const m = /^HTTP\/1\.[01] (\d{3})/.exec(text);
      if (!m || split < 0)
        return reject(new Error(`not an HTTP response: ${JSON.stringify(text.slice(0, 200))}`));
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
      resolve({ status: Number(m[1]), headers, body: rest, json });
    });
  });
}
