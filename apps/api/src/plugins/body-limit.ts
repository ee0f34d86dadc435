import type { FastifyInstance } from 'fastify';
import { errorCodes } from 'fastify';
import fp from 'fastify-plugin';
import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

// A body over BODY_LIMIT_BYTES gets 413 payload_too_large, and the client must be able to read it. A plain
// client writes its whole request before it reads; if the server closed the socket with bytes of the body
// still unread, the kernel would answer them with a reset, and the reset destroys the 413 waiting in the
// client's buffer (EPIPE or ECONNRESET instead of an answer). So after a 413 the server half-closes (its
// answer, then FIN) and reads the rest of the body into the void, up to a cap and a time ("lingering close",
// as Apache and nginx do), then closes. A client that asked `Expect: 100-continue` is told 413 at once,
// before it sends anything: no 100 first.

/** The most of a refused body read and thrown away before the connection is cut. */
export const DRAIN_MAX_BYTES = 64 * 1024 * 1024;
/** How long a refused body may keep arriving before the connection is cut. */
export const DRAIN_MAX_MS = 10_000;

/** Methods whose bodies Fastify never reads: their Content-Length is none of the limit's business. */
const BODYLESS = new Set(['GET', 'HEAD']);

/** Whether the request declares (Content-Length) a body over `limit` bytes. */
function declaresTooMuch(req: IncomingMessage, limit: number): boolean {
  if (BODYLESS.has(req.method ?? '')) return false;
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length > limit;
}

/**
 * Once the 413 is written, reads what is left of the body (at most `maxBytes`, for at most `maxMs`) and
 * closes when it has all arrived. Node ends a `Connection: close` answer with `socket.destroySoon()`, which
 * would close the socket at once: for this one socket it only half-closes, and the close comes when the
 * body has been read (or the cap or the time is reached: then the client has sent far more than any
 * request may, and a reset is its own doing).
 */
function drainThenClose(
  req: IncomingMessage,
  socket: Socket & { destroySoon?: () => void },
  o = { maxBytes: DRAIN_MAX_BYTES, maxMs: DRAIN_MAX_MS },
) {
  const closeNow = () => socket.destroy();
  const timer = setTimeout(closeNow, o.maxMs);
  timer.unref();
  socket.once('close', () => clearTimeout(timer));

  const destroySoon = socket.destroySoon?.bind(socket) ?? (() => socket.end(closeNow));
  let answered = false;
  let bodyRead = false;
  const closeWhenDone = () => {
    if (answered && bodyRead) destroySoon();
  };
  socket.destroySoon = () => {
    answered = true;
    socket.end();
    closeWhenDone();
  };

  let read = 0;
  req.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > o.maxBytes) closeNow();
  });
  req.once('end', () => {
    bodyRead = true;
    closeWhenDone();
  });
  req.resume();
}

export const bodyLimitPlugin = fp(async (app: FastifyInstance) => {
  const limit = app.initialConfig.bodyLimit ?? 1 << 20;

  // Node answers `Expect: 100-continue` with a 100 by itself, unless the server listens for this event:
  // then only a request within the limit is told to continue; the others go on to their 413 at once.
  app.server.on('checkContinue', (req: IncomingMessage, res) => {
    if (!declaresTooMuch(req, limit)) res.writeContinue();
    app.server.emit('request', req, res);
  });

  // A declared length over the limit is refused before anything else runs (authentication, rate limits,
  // routing): the answer would be the same 413 once the body was read, and none of it need be.
  app.addHook('onRequest', async (req) => {
    if (declaresTooMuch(req.raw, limit)) throw new errorCodes.FST_ERR_CTP_BODY_TOO_LARGE();
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (reply.statusCode === 413 && !req.raw.complete && reply.raw.socket) {
      reply.header('connection', 'close');
      drainThenClose(req.raw, reply.raw.socket);
    }
    return payload;
  });
});
