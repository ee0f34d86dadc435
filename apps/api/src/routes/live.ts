import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { upgradeRequired } from '../plugins/errors';

const Params = z.object({ id: z.string().regex(/^mt_[A-Za-z0-9]+$/) });

/**
 * `/v1/matches/:id/live`: spectators get the public events of a running match (spectator view, no hidden
 * card), first everything so far, then each update as the worker publishes it, then `end`.
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: 'GET',
    url: '/matches/:id/live',
    schema: { hide: true },
    handler: upgradeRequired,
    wsHandler: async (socket: WebSocket, req) => {
      const params = Params.safeParse(req.params);
      const send = (raw: string) => socket.readyState === socket.OPEN && socket.send(raw);
      if (!params.success) {
        send(JSON.stringify({ type: 'error', code: 'not_found', message: 'no such match' }));
        return socket.close(4404, 'no such match');
      }
      const matchId = params.data.id;
      const match = await app.prisma.match.findUnique({ where: { id: matchId }, select: { status: true } });
      if (!match) {
        send(JSON.stringify({ type: 'error', code: 'not_found', message: `match ${matchId} not found` }));
        return socket.close(4404, 'no such match');
      }
      // Subscribe first, then read the log: an update published in between is sent twice at worst (each
      // carries its events; clients dedupe by the state's turn and events count), never lost.
      const buffered: string[] = [];
      let caughtUp = false;
      let closed = false;
      const held: { stop?: () => Promise<void> } = {};
      socket.on('close', () => {
        closed = true;
        void held.stop?.();
      });
      const stop = await app.hub.listen(app.keys.matchEvents(matchId), (raw) => {
        if (caughtUp) send(raw);
        else buffered.push(raw);
      });
      // Closed while subscribing: the close handler ran before there was anything to stop.
      held.stop = stop;
      if (closed) return void stop();
      send(JSON.stringify({ type: 'hello', matchId, status: match.status }));
      const log = await app.redis.lrange(app.keys.matchLog(matchId), 0, -1);
      for (const raw of log) send(raw);
      const seen = new Set(log);
      for (const raw of buffered) if (!seen.has(raw)) send(raw);
      caughtUp = true;
      if (match.status === 'finished' || match.status === 'aborted') {
        if (log.length === 0) send(JSON.stringify({ type: 'end', matchId, status: match.status }));
      }
    },
  });
};
