import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { STATUS_CODES } from 'node:http';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Queue } from 'bullmq';
import { boardPageUnderCsp } from './board-page';

const BASE = '/admin/queues';

function matches(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The admin key in `Authorization: Bearer <key>`, or as the password of HTTP basic auth (any user name),
 * so a browser can open the board and prompt for it.
 */
function adminKeyOf(req: FastifyRequest): string | null {
  const h = req.headers.authorization ?? '';
  const bearer = /^Bearer\s+(\S+)$/i.exec(h);
  if (bearer?.[1]) return bearer[1];
  const basic = /^Basic\s+(\S+)$/i.exec(h);
  if (basic?.[1]) {
    const decoded = Buffer.from(basic[1], 'base64').toString('utf8');
    return decoded.slice(decoded.indexOf(':') + 1);
  }
  return null;
}

/**
 * Bull Board answers its own errors as `{ error: { key: "ERRORS.QUEUE_NOT_FOUND" } }`: made into the one error
 * shape (its key as the message, the original in details). Anything already in the shape is left alone.
 */
export function boardErrorInShape(status: number, payload: unknown): unknown {
  if (status < 400 || typeof payload !== 'string') return payload;
  let body: unknown;
  try {
    body = JSON.parse(payload);
  } catch {
    return payload;
  }
  const error = (body as { error?: { code?: unknown; message?: unknown; key?: unknown } } | null)?.error;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') return payload;
  const text = STATUS_CODES[status] ?? 'Error';
  const message = typeof error?.key === 'string' ? error.key : typeof error === 'string' ? error : text;
  const code = text.toLowerCase().replace(/[^a-z]+/g, '_');
  return JSON.stringify({ error: { code, message, details: body } });
}

/** Bull Board at /admin/queues, behind the operator's ADMIN_KEY. */
export async function adminQueuesPlugin(app: FastifyInstance, opts: { adminKey: string; queues: Queue[] }) {
  const serverAdapter = new FastifyAdapter();
  serverAdapter.setBasePath(BASE);
  createBullBoard({ queues: opts.queues.map((q) => new BullMQAdapter(q)), serverAdapter });
  await app.register(
    async (scope) => {
      scope.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
        const key = adminKeyOf(req);
        if (key && matches(key, opts.adminKey)) return;
        reply
          .code(401)
          .header('www-authenticate', 'Basic realm="Coup Arena operator (password: ADMIN_KEY)"')
          .send({ error: { code: 'unauthorized', message: 'the queue board needs the admin key' } });
        return reply;
      });
      scope.addHook('onSend', async (_req, reply, payload) => {
        const type = String(reply.getHeader('content-type') ?? '');
        if (typeof payload === 'string' && type.startsWith('text/html') && reply.cspNonce) {
          return boardPageUnderCsp(payload, reply.cspNonce);
        }
        return boardErrorInShape(reply.statusCode, payload);
      });
      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: BASE },
  );
}
