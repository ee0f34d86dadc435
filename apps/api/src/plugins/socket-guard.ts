import { isUtf8 } from 'node:buffer';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { RawData, WebSocket } from 'ws';
import { jsonTextTooDeep, tooDeepMessage } from '@coup/protocol';

// Nothing one socket sends or triggers may end the API process: an exception thrown in a `ws` event
// handler (a frame, a timer, a Redis message forwarded to it) is not caught by anything and would exit it,
// with every other socket and request. The platform's sockets take their frames through `listenFrames`
// and run their other handlers through `socketGuard`: a frame that cannot be used closes its socket with
// 1007, a handler that fails is logged and closes its socket with 1011, and the other sockets carry on.

/** A text frame the platform refuses unread (PROTOCOL.md "Close codes"). */
export const INVALID_FRAME = 1007;
/** The platform failed while handling the socket: reconnect. */
export const SERVER_ERROR = { code: 1011, reason: 'server error' } as const;

/** Closes the socket (if still open) with this code and reason. */
export type CloseSocket = (code: number, reason: string) => void;

export const closeSocket =
  (socket: WebSocket): CloseSocket =>
  (code, reason) => {
    if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING)
      socket.close(code, reason);
  };

/**
 * Wraps a socket's event handlers: a throw, or a rejected promise, is logged and closes the socket with
 * 1011 (through `close`, which the caller may make release what the socket holds).
 */
export function socketGuard(log: FastifyBaseLogger, close: CloseSocket) {
  const fail = (err: unknown) => {
    log.error({ err }, 'a WebSocket handler failed: its socket is closed (1011)');
    try {
      close(SERVER_ERROR.code, SERVER_ERROR.reason);
    } catch (closeErr) {
      log.error({ err: closeErr }, 'closing the failed socket failed too');
    }
  };
  return <A extends unknown[]>(handler: (...args: A) => unknown) =>
    (...args: A): void => {
      try {
        const result = handler(...args);
        if (result instanceof Promise) result.catch(fail);
      } catch (err) {
        fail(err);
      }
    };
}

/**
 * Listens to a socket's frames. A text frame that is not UTF-8, or whose JSON nests more than
 * MAX_JSON_DEPTH levels, closes the socket with 1007 and a reason saying which, before anything parses it
 * (`websocket`'s own UTF-8 check is off: it would close without a reason). Every other frame goes to
 * `handle` (`text` null for a binary frame), guarded as socketGuard says.
 */
export function listenFrames(
  socket: WebSocket,
  log: FastifyBaseLogger,
  close: CloseSocket,
  handle: (text: string | null, data: RawData) => unknown,
): void {
  const guarded = socketGuard(log, close);
  socket.on(
    'message',
    guarded((data: RawData, isBinary: boolean) => {
      if (isBinary) return handle(null, data);
      const bytes = Buffer.isBuffer(data)
        ? data
        : Array.isArray(data)
          ? Buffer.concat(data)
          : Buffer.from(data);
      if (!isUtf8(bytes)) return close(INVALID_FRAME, 'a text frame that is not valid UTF-8');
      const text = bytes.toString('utf8');
      if (jsonTextTooDeep(text)) return close(INVALID_FRAME, tooDeepMessage('message'));
      return handle(text, data);
    }),
  );
}

/**
 * @fastify/websocket's errorHandler: a socket route's handler that threw or rejected (a database away at
 * connect), or a `ws` protocol error (a frame over maxPayload: `ws` has already sent its close code).
 * Logged; the socket is closed with 1011 rather than cut, so the client knows to reconnect.
 */
export function socketRouteError(err: Error, socket: WebSocket, req: FastifyRequest): void {
  const code = (err as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    req.log.info({ err: err.message }, 'WebSocket closed: a frame broke the protocol');
    return;
  }
  req.log.error({ err }, 'a WebSocket route failed: its socket is closed (1011)');
  closeSocket(socket)(SERVER_ERROR.code, SERVER_ERROR.reason);
}
