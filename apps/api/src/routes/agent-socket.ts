import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import { AgentSession } from '@coup/gateway';
import { socketAuth } from '@coup/transports';
import { bearerToken } from '../plugins/auth';
import { upgradeRequired } from '../plugins/errors';
import { listenFrames, socketGuard } from '../plugins/socket-guard';
import { agentById, agentBySecret, agentRight } from '../repositories/agent-socket';
import type { SocketAgent } from '../repositories/agent-socket';
import { offeredTicket, redeemTicket } from '../services/table-tickets';

declare module 'fastify' {
  interface FastifyRequest {
    wsAgent?: SocketAgent;
    /** A person's socket opened with a ticket: the one table (match id) it plays. */
    wsTable?: string;
  }
}

/** A person's socket: the ticket (a subprotocol) names the seat and the table. */
async function authenticateTicket(
  app: FastifyInstance,
  req: FastifyRequest,
  reply: FastifyReply,
  ticket: string,
) {
  const claim = await redeemTicket(app.redis, app.keys, ticket);
  if (!claim) {
    return reply.code(401).send({
      error: {
        code: 'invalid_ticket',
        message:
          'the ticket is unknown, used or expired (one socket, within a minute): ask for a new one with ' +
          'POST /v1/tables/{id}/ticket',
      },
    });
  }
  const agent = await agentById(app.prisma, claim.agentId);
  if (!agent || agent.deletedAt || socketAuth(agent) !== 'ticket') {
    return reply.code(401).send({ error: { code: 'invalid_ticket', message: 'the seat is gone' } });
  }
  if (agent.status !== 'active') {
    return reply.code(403).send({
      error: {
        code: 'forbidden',
        message: `your seat ${agent.name} is ${agent.status}: resume it to play`,
      },
    });
  }
  req.wsAgent = agent;
  req.wsTable = claim.matchId;
}

/** Who opens the socket: a ws agent by its secret, or a person's seat by a table ticket. */
async function authenticate(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply) {
  const ticket = offeredTicket(req.headers['sec-websocket-protocol']);
  if (ticket !== null) return authenticateTicket(app, req, reply, ticket);
  const key = bearerToken(req);
  if (!key) {
    return reply.code(401).send({
      error: {
        code: 'unauthorized',
        message: 'missing agent key: send "Authorization: Bearer <agent secret>"',
      },
    });
  }
  const agent = await agentBySecret(app.prisma, key);
  if (!agent || agent.deletedAt) {
    return reply.code(401).send({ error: { code: 'unauthorized', message: 'invalid agent key' } });
  }
  if (agent.status !== 'active') {
    return reply.code(403).send({
      error: {
        code: 'forbidden',
        message: `agent ${agent.name} is ${agent.status}: an agent plays (and connects) only while active`,
      },
    });
  }
  if (socketAuth(agent) !== 'secret') {
    return reply.code(409).send({
      error: {
        code: 'conflict',
        message:
          socketAuth(agent) === 'ticket'
            ? `agent ${agent.name} is a person's seat: it connects with a table's ticket`
            : `agent ${agent.name} is an http agent; register a ws agent to connect`,
      },
    });
  }
  req.wsAgent = agent;
}

/**
 * `/v1/agents/connect`: a WebSocket agent (behind NAT, on a laptop) plays through this socket, and so does a
 * person at a table (its browser offers a one-time ticket as a subprotocol instead of a key: see
 * table-tickets.ts). Requests for
 * it arrive on its Redis channel from whichever worker runs its match; its answers go back the same way.
 * After a reconnect, every decision still before its deadline is sent again. The socket lasts as long as
 * the agent's right to it: rotating its secret, pausing or deleting it closes the socket (PROTOCOL.md), and
 * so does flooding (AGENT_SOCKET_MAX_MSGS_PER_S), a frame nested too deep or not UTF-8 (1007), and a failure
 * of the platform while handling the socket (1011: plugins/socket-guard).
 */
export const agentSocketRoutes: FastifyPluginAsync = async (app) => {
  app.route({
    method: 'GET',
    url: '/agents/connect',
    preValidation: (req, reply) => authenticate(app, req, reply),
    schema: { hide: true },
    handler: upgradeRequired,
    // The session (@coup/gateway agent-session.ts) is the socket's whole life; the route authenticates and
    // wires it to this instance's Redis, revocations, database and socket guard.
    wsHandler: async (socket: WebSocket, req) => {
      const session = new AgentSession(socket, req.wsAgent!, req.wsTable, {
        redis: app.redis,
        hub: app.hub,
        keys: app.keys,
        maxMessagesPerSecond: app.env.AGENT_SOCKET_MAX_MSGS_PER_S,
        sockets: app.agentSockets,
        readRight: (id) => agentRight(app.prisma, id),
        guard: (close) => socketGuard(req.log, close),
        listenFrames: (close, handle) => listenFrames(socket, req.log, close, handle),
        log: req.log,
      });
      await session.open();
    },
  });
};
