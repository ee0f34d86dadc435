import type { FastifyPluginAsync } from 'fastify';
import type { WebSocket } from 'ws';
import { z } from 'zod';
import { upgradeRequired } from '../plugins/errors';
import { closeSocket, listenFrames, socketGuard } from '../plugins/socket-guard';
import { matchStatus } from '../repositories/matches';

const Params = z.object({ id: z.string().regex(/^mt_[A-Za-z0-9]+$/) });

/** The worker's last message of a match's live log (see apps/worker run-match-job.ts). */
function isEnd(raw: string): boolean {
  try {
    return (JSON.parse(raw) as { type?: unknown } | null)?.type === 'end';
  } catch {
    return false;
  }
}

/**
 * `/v1/matches/:id/live`: spectators get the public events of a running match (spectator view, no hidden
 * card): a catch-up (public state and recent events), then batched updates as the worker publishes them,
 * then `end`, after which the socket closes (1000 "match ended"). Workers publish only while a match is
 * watched: each spectator socket keeps the match's watch mark alive (WatchMarks). One client address holds
 * at most MAX_SPECTATORS_PER_IP of these sockets on an API instance; one more is refused with 1008.
 * Spectators send nothing: their frames are ignored, except one that is not UTF-8 or nests too deep (1007).
 */
export const liveRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: 'GET',
    url: '/matches/:id/live',
    schema: { hide: true },
    handler: upgradeRequired,
    wsHandler: async (socket: WebSocket, req) => {
      const send = (raw: string) => socket.readyState === socket.OPEN && socket.send(raw);
      const refuse = (code: string, message: string, closeCode: number, reason: string) => {
        send(JSON.stringify({ type: 'error', code, message }));
        socket.close(closeCode, reason);
      };

      const slots = app.spectatorSlots;
      if (!slots.take(req.ip)) {
        const why = `too many spectator sockets from your address (limit ${slots.max})`;
        return refuse('too_many_spectators', why, 1008, why);
      }
      let closed = false;
      const held: { stop?: () => Promise<void>; watching?: string } = {};
      const close = closeSocket(socket);
      // A failure in one of this socket's handlers closes this socket (1011), nothing else.
      const guard = socketGuard(req.log, close);
      socket.on(
        'close',
        guard(() => {
          closed = true;
          slots.release(req.ip);
          if (held.watching) app.watchMarks.remove(held.watching);
          void held.stop?.();
        }),
      );
      listenFrames(socket, req.log, close, () => undefined);

      const params = Params.safeParse(req.params);
      if (!params.success) return refuse('not_found', 'no such match', 4404, 'no such match');
      const matchId = params.data.id;
      const match = await matchStatus(app.prisma, matchId);
      if (!match) return refuse('not_found', `match ${matchId} not found`, 4404, 'no such match');

      let ended = false;
      /** The match is over for this spectator: after its `end`, the socket closes normally. */
      const finish = () => {
        ended = true;
        if (socket.readyState === socket.OPEN) socket.close(1000, 'match ended');
      };
      const forward = (raw: string) => {
        if (ended) return;
        send(raw);
        if (isEnd(raw)) finish();
      };

      // Subscribe first, then read the log: an update published in between is sent twice at worst (each
      // carries `fromEvent`, the index of its first event: clients skip events they have), never lost.
      const buffered: string[] = [];
      let caughtUp = false;
      const stop = await app.hub.listen(
        app.keys.matchEvents(matchId),
        guard((raw: string) => {
          if (caughtUp) forward(raw);
          else buffered.push(raw);
        }),
      );
      // Closed while subscribing: the close handler ran before there was anything to stop.
      held.stop = stop;
      if (closed) return void stop();
      if (match.status === 'queued' || match.status === 'running') {
        // Subscribed first: the worker's catch-up, sent once it sees the mark, cannot be missed.
        await app.watchMarks.add(matchId);
        held.watching = matchId;
        if (closed) return void app.watchMarks.remove(matchId);
      }
      send(JSON.stringify({ type: 'hello', matchId, status: match.status }));
      const log = await app.redis.lrange(app.keys.matchLog(matchId), 0, -1);
      for (const raw of log) forward(raw);
      const seen = new Set(log);
      for (const raw of buffered) if (!seen.has(raw)) forward(raw);
      caughtUp = true;
      // Over before this spectator came, and its log (its `end` is kept a minute) is gone: end it here.
      if (!ended && (match.status === 'finished' || match.status === 'aborted')) {
        forward(JSON.stringify({ type: 'end', matchId, status: match.status }));
      }
    },
  });
};
