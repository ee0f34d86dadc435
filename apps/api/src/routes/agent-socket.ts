import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { hashSecret } from '@coup/db';
import type { Agent } from '@coup/db';
import { AgentOutbound, markOffline, markOnline, PRESENCE_TTL_MS } from '@coup/platform';
import type { AgentInbound } from '@coup/platform';
import {
  AnswerMessage,
  DecisionRequest,
  findUnstorableText,
  unstorableMessage,
  PROTOCOL_VERSION,
} from '@coup/protocol';
import { bearerToken } from '../plugins/auth';
import { upgradeRequired } from '../plugins/errors';

const PING_MS = 15_000;

declare module 'fastify' {
  interface FastifyRequest {
    wsAgent?: Agent;
  }
}

/**
 * `/v1/agents/connect`: a WebSocket agent (behind NAT, on a laptop) plays through this socket. Requests for
 * it arrive on its Redis channel from whichever worker runs its match; its answers go back the same way.
 * After a reconnect, every decision still before its deadline is sent again.
 */
export const agentSocketRoutes: FastifyPluginAsync = async (app) => {
  async function authenticate(req: FastifyRequest, reply: FastifyReply) {
    const key = bearerToken(req);
    if (!key) {
      return reply.code(401).send({
        error: {
          code: 'unauthorized',
          message: 'missing agent key: send "Authorization: Bearer <agent secret>"',
        },
      });
    }
    const agent = await app.prisma.agent.findUnique({ where: { secretHash: hashSecret(key) } });
    if (!agent || agent.deletedAt) {
      return reply.code(401).send({ error: { code: 'unauthorized', message: 'invalid agent key' } });
    }
    if (agent.transport !== 'ws') {
      return reply.code(409).send({
        error: {
          code: 'conflict',
          message: `agent ${agent.name} is an http agent; register a ws agent to connect`,
        },
      });
    }
    req.wsAgent = agent;
  }

  app.route({
    method: 'GET',
    url: '/agents/connect',
    preValidation: authenticate,
    schema: { hide: true },
    handler: upgradeRequired,
    wsHandler: async (socket: WebSocket, req) => {
      const agent = req.wsAgent!;
      const socketId = randomUUID();
      const k = app.keys;
      const send = (msg: object) => {
        if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(msg));
      };
      const sendError = (code: string, message: string, decisionId?: string) =>
        send({
          protocol: PROTOCOL_VERSION,
          type: 'error',
          code,
          message,
          ...(decisionId ? { decisionId } : {}),
        });

      // Handlers go on first, so nothing the agent sends right after connecting is lost.
      let alive = true;
      socket.on('pong', () => (alive = true));
      socket.on('message', (data, isBinary) => {
        if (isBinary) return sendError('invalid_message', 'send JSON text frames');
        let json: unknown;
        try {
          json = JSON.parse(data.toString());
        } catch {
          return sendError('invalid_json', 'the message is not JSON');
        }
        // Answers end up in the replay (jsonb), which cannot hold NUL or unpaired surrogates: refused here.
        const bad = findUnstorableText(json, 'message');
        if (bad) return sendError('invalid_message', unstorableMessage(bad));
        const parsed = AnswerMessage.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          return sendError(
            'invalid_message',
            `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`,
          );
        }
        const inbound: AgentInbound = { answer: parsed.data, receivedAt: Date.now() };
        void app.redis.publish(k.agentIn(agent.id), JSON.stringify(inbound));
      });

      // Cleanup is registered before the first await: a socket that closes during setup must not leave a
      // subscription or an online mark behind.
      let closed = false;
      const held: { timer?: NodeJS.Timeout; stop?: () => Promise<void> } = {};
      const cleanup = () => {
        clearInterval(held.timer);
        void held.stop?.();
        held.stop = undefined;
        void markOffline(app.redis, k, agent.id, socketId).catch(() => undefined);
      };
      socket.on('close', () => {
        closed = true;
        cleanup();
      });

      held.stop = await app.hub.listen(k.agentOut(agent.id), (raw) => {
        try {
          const out = AgentOutbound.safeParse(JSON.parse(raw));
          if (out.success) send(out.data.message);
        } catch {
          // ignore garbage on the channel
        }
      });
      if (closed) return cleanup();
      await markOnline(app.redis, k, agent.id, socketId);
      if (closed) return cleanup();
      held.timer = setInterval(
        () => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
          void markOnline(app.redis, k, agent.id, socketId).catch(() => undefined);
        },
        Math.min(PING_MS, PRESENCE_TTL_MS / 2),
      );

      send({ protocol: PROTOCOL_VERSION, type: 'welcome', agentId: agent.id, name: agent.name });
      await resendPending(agent.id, send);
    },
  });

  async function resendPending(agentId: string, send: (msg: object) => void) {
    const ids = await app.redis.smembers(app.keys.agentPending(agentId));
    if (ids.length === 0) return;
    const raws = await app.redis.mget(ids.map((id) => app.keys.decision(id)));
    const now = Date.now();
    for (const raw of raws) {
      if (!raw) continue;
      const req = DecisionRequest.safeParse(JSON.parse(raw));
      if (req.success && req.data.deadline > now) send(req.data);
    }
  }
};
