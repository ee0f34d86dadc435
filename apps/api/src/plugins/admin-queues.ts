import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { FastifyAdapter } from '@bull-board/fastify';
import { timingSafeEqual } from 'node:crypto';
import type { Queue } from 'bullmq';

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
      await scope.register(serverAdapter.registerPlugin());
    },
    { prefix: BASE },
  );
}
