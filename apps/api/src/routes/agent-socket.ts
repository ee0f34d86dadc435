import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import type { WebSocket } from 'ws';
import { hashSecret } from '@coup/db';
import type { Agent } from '@coup/db';
import {
  AgentOutbound,
  markOffline,
  markOnline,
  PRESENCE_TTL_MS,
  REVOKE_CLOSE,
  tablePresenceId,
} from '@coup/gateway';
import type { AgentInbound, RevokeReason } from '@coup/gateway';
import {
  AnswerMessage,
  DecisionRequest,
  findUnstorableText,
  unstorableMessage,
  PROTOCOL_VERSION,
} from '@coup/protocol';
import { bearerToken } from '../plugins/auth';
import { upgradeRequired } from '../plugins/errors';
import { listenFrames, socketGuard } from '../plugins/socket-guard';
import { AgentMessageLimit } from '../services/agent-message-limit';
import { offeredTicket, redeemTicket } from '../services/table-tickets';
import { socketAuth } from '@coup/transports';

const PING_MS = 15_000;

declare module 'fastify' {
  interface FastifyRequest {
    wsAgent?: Agent;
    /** A person's socket opened with a ticket: the one table (match id) it plays. */
    wsTable?: string;
  }
}

/** Why an agent that connected with `secretHash` may no longer hold a socket, or null while it may. */
function revokedBecause(
  agent: Pick<Agent, 'secretHash' | 'status' | 'deletedAt'> | null,
  secretHash: string,
): RevokeReason | null {
  if (!agent || agent.deletedAt) return 'deleted';
  if (agent.secretHash !== secretHash) return 'secret_rotated';
  if (agent.status === 'paused') return 'paused';
  if (agent.status === 'disabled') return 'disabled';
  return null;
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
  /** A person's socket: the ticket (a subprotocol) names the seat and the table. */
  async function authenticateTicket(req: FastifyRequest, reply: FastifyReply, ticket: string) {
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
    const agent = await app.prisma.agent.findUnique({ where: { id: claim.agentId } });
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

  async function authenticate(req: FastifyRequest, reply: FastifyReply) {
    const ticket = offeredTicket(req.headers['sec-websocket-protocol']);
    if (ticket !== null) return authenticateTicket(req, reply, ticket);
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

  app.route({
    method: 'GET',
    url: '/agents/connect',
    preValidation: authenticate,
    schema: { hide: true },
    handler: upgradeRequired,
    wsHandler: async (socket: WebSocket, req) => {
      const agent = req.wsAgent!;
      // A person's socket shows one table: what the seat is sent for its other tables goes to their sockets.
      const table = req.wsTable;
      const forThisSocket = (m: object) => table === undefined || ('matchId' in m && m.matchId === table);
      const socketId = randomUUID();
      // Whose presence this socket marks: the agent's, or a person's at this one table.
      const presenceId = table === undefined ? agent.id : tablePresenceId(agent.id, table);
      const k = app.keys;
      const limit = new AgentMessageLimit(app.env.AGENT_SOCKET_MAX_MSGS_PER_S);
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
      const sendDecision = (req: DecisionRequest) => {
        limit.sent(req.decisionId, req.deadline);
        send(req);
      };

      // Cleanup is registered before the first await: a socket that closes during setup must not leave a
      // subscription, an online mark or a registration behind.
      let closed = false;
      const held: { timer?: NodeJS.Timeout; stop?: () => Promise<void> } = {};
      const cleanup = () => {
        closed = true;
        clearInterval(held.timer);
        void held.stop?.();
        held.stop = undefined;
        unregister();
        void markOffline(app.redis, k, presenceId, socketId).catch(() => undefined);
      };
      /** Closes the socket: offline and sent nothing more from now on, not from the end of the handshake. */
      const end = (code: number, reason: string) => {
        if (socket.readyState === socket.OPEN || socket.readyState === socket.CONNECTING) {
          socket.close(code, reason);
        }
        cleanup();
      };
      const unregister = app.agentSockets.add(agent.id, end);
      // Every handler of this socket: a failure in one closes this socket (1011), nothing else.
      const guard = socketGuard(req.log, end);
      socket.on('close', guard(cleanup));

      // Handlers go on before any await, so nothing the agent sends right after connecting is lost.
      let alive = true;
      socket.on('pong', () => (alive = true));
      listenFrames(socket, req.log, end, (text) => {
        if (closed) return;
        const parsed = parseFrame(text);
        if (!limit.admit(parsed.answer?.decisionId)) {
          const why = `too many messages (limit ${limit.perSecond}/s)`;
          sendError('rate_limited', why);
          return end(1008, why);
        }
        if (parsed.error) return sendError(parsed.error.code, parsed.error.message);
        const inbound: AgentInbound = { answer: parsed.answer, receivedAt: Date.now() };
        // Redis away: this answer is lost (the decision times out), the socket stays (README "what survives").
        app.redis
          .publish(k.agentIn(agent.id), JSON.stringify(inbound))
          .catch((err: unknown) => req.log.warn({ err }, 'an agent answer could not be published'));
      });

      const stop = await app.hub.listen(
        k.agentOut(agent.id),
        guard((raw: string) => {
          const out = parseOutbound(raw);
          if (!out || !forThisSocket(out.message)) return;
          if (out.message.type === 'decision') sendDecision(out.message);
          else send(out.message);
        }),
      );
      if (closed) return void stop();
      held.stop = stop;
      // The agent's right may have ended between its authentication and now, before this socket could be
      // reached by a revocation: listen to revocations, then look again.
      await app.agentSockets.listen();
      const now = await app.prisma.agent.findUnique({
        where: { id: agent.id },
        select: { secretHash: true, status: true, deletedAt: true },
      });
      const revoked = revokedBecause(now, agent.secretHash);
      if (revoked) return end(REVOKE_CLOSE[revoked].code, REVOKE_CLOSE[revoked].reason);
      if (closed) return;
      await markOnline(app.redis, k, presenceId, socketId);
      if (closed) return cleanup();
      held.timer = setInterval(
        guard(() => {
          if (!alive) return socket.terminate();
          alive = false;
          socket.ping();
          void markOnline(app.redis, k, presenceId, socketId).catch(() => undefined);
        }),
        Math.min(PING_MS, PRESENCE_TTL_MS / 2),
      );

      send({
        protocol: PROTOCOL_VERSION,
        type: 'welcome',
        agentId: agent.id,
        name: agent.name,
        ...(table !== undefined ? { matchId: table } : {}),
      });
      await resendPending(agent.id, (d) => forThisSocket(d) && sendDecision(d));
    },
  });

  async function resendPending(agentId: string, send: (req: DecisionRequest) => void) {
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

type Frame =
  | { answer: AnswerMessage; error?: undefined }
  | { answer?: undefined; error: { code: string; message: string } };

/** What a worker published for the agent's sockets; null for anything else on the channel. */
function parseOutbound(raw: string): AgentOutbound | null {
  try {
    const out = AgentOutbound.safeParse(JSON.parse(raw));
    return out.success ? out.data : null;
  } catch {
    return null;
  }
}

/**
 * An agent's frame (`text` null for a binary one): an answer, or why it is not one. listenFrames has
 * refused text nested too deep, so nothing below meets more than MAX_JSON_DEPTH levels.
 */
function parseFrame(text: string | null): Frame {
  if (text === null) return { error: { code: 'invalid_message', message: 'send JSON text frames' } };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: { code: 'invalid_json', message: 'the message is not JSON' } };
  }
  // Answers end up in the replay (jsonb), which cannot hold NUL or unpaired surrogates: refused here.
  const bad = findUnstorableText(json, 'message');
  if (bad) return { error: { code: 'invalid_message', message: unstorableMessage(bad) } };
  const parsed = AnswerMessage.safeParse(json);
  if (parsed.success) return { answer: parsed.data };
  const issue = parsed.error.issues[0];
  return {
    error: {
      code: 'invalid_message',
      message: `${issue?.path.join('.') || 'message'}: ${issue?.message ?? 'invalid'}`,
    },
  };
}
