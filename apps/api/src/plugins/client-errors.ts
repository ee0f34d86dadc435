import type { FastifyInstance } from 'fastify';
import { maxHeaderSize as NODE_MAX_HEADER_SIZE, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';

// Some requests never reach Fastify: Node's HTTP parser refuses them (headers over its size limit, a URL
// that is not one, a NUL byte in a header) and emits 'clientError' on the server. Node's own answer is a
// bare status line; this one also carries the one error shape, `{ error: { code, message } }`.

interface ClientError extends Error {
  code?: string;
  reason?: string;
  /** The chunk being parsed when the parser gave up (a Buffer), and how far into it it got. */
  rawPacket?: unknown;
  bytesParsed?: number;
}

const REQUEST_LINE_START = /^[A-Z]+ /;

/**
 * Node reports one error, HPE_HEADER_OVERFLOW, for a request line or headers over its size limit. When the
 * parser stopped inside the request line (no line break before that point in a chunk that starts with the
 * method), the URL alone was too long: 414. Otherwise the headers were: 431.
 */
function overflowedInRequestLine(err: ClientError): boolean {
  const raw = err.rawPacket;
  if (!Buffer.isBuffer(raw)) return false;
  const head = raw.subarray(0, Math.min(raw.length, err.bytesParsed ?? raw.length)).toString('latin1');
  return REQUEST_LINE_START.test(head) && !head.includes('\r\n');
}

export function describeClientError(err: ClientError, maxHeaderSize: number): [number, string, string] {
  if (err.code === 'ERR_HTTP_REQUEST_TIMEOUT') {
    return [408, 'request_timeout', 'the request was not received in time'];
  }
  if (err.code === 'HPE_HEADER_OVERFLOW') {
    return overflowedInRequestLine(err)
      ? [414, 'uri_too_long', `the URL is longer than the server accepts (${maxHeaderSize} bytes)`]
      : [
          431,
          'headers_too_large',
          `the request headers are larger than the server accepts (${maxHeaderSize} bytes)`,
        ];
  }
  return [400, 'invalid_request', `malformed HTTP request: ${err.reason ?? err.code ?? 'unreadable'}`];
}

/** Fastify's `clientErrorHandler`: answers with the error shape, then closes the connection (as Node does). */
export function clientErrorHandler(this: FastifyInstance, err: ClientError, socket: Socket): void {
  // A reset connection has nobody left to answer.
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const maxHeaderSize = (this.server as { maxHeaderSize?: number }).maxHeaderSize ?? NODE_MAX_HEADER_SIZE;
  const [status, code, message] = describeClientError(err, maxHeaderSize);
  this.log.debug({ code: err.code, status }, 'malformed request refused by the HTTP parser');
  if (socket.writable) {
    const body = JSON.stringify({ error: { code, message } });
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}
