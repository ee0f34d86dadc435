import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { Agent } from '@coup/db';
import {
  AnswerMessage,
  DecisionRequest,
  findUnstorableText,
  PROTOCOL_VERSION,
  unstorableMessage,
} from '@coup/protocol';
import { AgentMessageLimit } from './agent-message-limit';
import type { ChannelHub } from './channel-hub';
import { AgentOutbound } from './messages';
import type { AgentInbound } from './messages';
import type { Keys } from './names';
import { markOffline, markOnline, PRESENCE_TTL_MS, tablePresenceId } from './presence';
import { REVOKE_CLOSE } from './revocation';
import type { RevokeReason } from './revocation';

const PING_MS = 15_000;

/** Closes a socket with a code and reason (and releases what its session holds). */
export type CloseSession = (code: number, reason: string) => void;

/** What a session needs of its socket (a `ws` WebSocket). */
export interface SessionSocket {
  readonly readyState: number;
  readonly OPEN: number;
  readonly CONNECTING: number;
  send(data: string): void;
  close(code: number, reason: string): void;
  ping(): void;
  terminate(): void;
  on(event: 'close' | 'pong', listener: () => void): unknown;
}

/** An agent's right to its socket, as stored: re-read once the session listens to revocations. */
export type AgentRight = Pick<Agent, 'secretHash' | 'status' | 'deletedAt'>;

export interface AgentSessionDeps {
  redis: Redis;
  hub: ChannelHub;
  keys: Keys;
  /** AGENT_SOCKET_MAX_MSGS_PER_S: messages per second beyond the answers owed (AgentMessageLimit). */
  maxMessagesPerSecond: number;
  /** The API instance's open sockets: a revocation closes them (apps/api AgentSockets). */
  sockets: { add(agentId: string, end: CloseSession): () => void; listen(): Promise<void> };
  /** The agent's stored right now (null: the row is gone). */
  readRight(agentId: string): Promise<AgentRight | null>;
  /** Wraps a handler of this socket: a failure closes it (1011), nothing else (apps/api socket-guard). */
  guard(close: CloseSession): <A extends unknown[]>(handler: (...args: A) => unknown) => (...args: A) => void;
  /** Calls `handle` with each text frame (null for a binary one) that is UTF-8 and not nested too deep. */
  listenFrames(close: CloseSession, handle: (text: string | null) => unknown): void;
  log: { warn(obj: object, msg: string): void };
}

/** Why an agent that connected with `secretHash` may no longer hold a socket, or null while it may. */
export function revokedBecause(agent: AgentRight | null, secretHash: string): RevokeReason | null {
  if (!agent || agent.deletedAt) return 'deleted';
  if (agent.secretHash !== secretHash) return 'secret_rotated';
  if (agent.status === 'paused') return 'paused';
  if (agent.status === 'disabled') return 'disabled';
  return null;
}

/**
 * One agent's WebSocket on this API instance, the other half of the worker's WsBridge: the agent's answers
 * go to its Redis `in` channel, what workers publish on its `out` channel comes to the socket, and after a
 * (re)connect every decision still before its deadline is sent again. A person's socket (opened with a
 * table ticket: `table`) shows that one table only. The session ends when the socket closes or the agent's
 * right ends (rotated secret, paused, deleted: a revocation), or on a flood (AGENT_SOCKET_MAX_MSGS_PER_S).
 */
export class AgentSession {
  private readonly socketId = randomUUID();
  /** Whose presence this socket marks: the agent's, or a person's at this one table. */
  private readonly presenceId: string;
  private readonly limit: AgentMessageLimit;
  private readonly guard: ReturnType<AgentSessionDeps['guard']>;
  private closed = false;
  private alive = true;
  private timer: NodeJS.Timeout | undefined;
  private stopListening: (() => Promise<void>) | undefined;
  private readonly unregister: () => void;

  constructor(
    private readonly socket: SessionSocket,
    private readonly agent: Pick<Agent, 'id' | 'name' | 'secretHash'>,
    /** A person's socket opened with a ticket: the one table (match id) it plays. */
    private readonly table: string | undefined,
    private readonly deps: AgentSessionDeps,
  ) {
    this.presenceId = table === undefined ? agent.id : tablePresenceId(agent.id, table);
    this.limit = new AgentMessageLimit(deps.maxMessagesPerSecond);
    // Cleanup is registered before the first await (open()): a socket that closes during setup must not
    // leave a subscription, an online mark or a registration behind.
    this.unregister = deps.sockets.add(agent.id, this.end);
    this.guard = deps.guard(this.end);
    socket.on('close', this.guard(this.cleanup));
    // Handlers go on before any await, so nothing the agent sends right after connecting is lost.
    socket.on('pong', () => (this.alive = true));
    deps.listenFrames(this.end, (text) => this.onFrame(text));
  }

  /** Subscribes, checks the agent's right again, marks it online, welcomes it and re-sends what it owes. */
  async open(): Promise<void> {
    const { deps, agent, table } = this;
    const stop = await deps.hub.listen(
      deps.keys.agentOut(agent.id),
      this.guard((raw: string) => {
        const out = parseOutbound(raw);
        if (!out || !this.forThisSocket(out.message)) return;
        if (out.message.type === 'decision') this.sendDecision(out.message);
        else this.send(out.message);
      }),
    );
    if (this.closed) return void stop();
    this.stopListening = stop;
    // The agent's right may have ended between its authentication and now, before this socket could be
    // reached by a revocation: listen to revocations, then look again.
    await deps.sockets.listen();
    const revoked = revokedBecause(await deps.readRight(agent.id), agent.secretHash);
    if (revoked) return this.end(REVOKE_CLOSE[revoked].code, REVOKE_CLOSE[revoked].reason);
    if (this.closed) return;
    await markOnline(deps.redis, deps.keys, this.presenceId, this.socketId);
    if (this.closed) return this.cleanup();
    this.timer = setInterval(
      this.guard(() => {
        if (!this.alive) return this.socket.terminate();
        this.alive = false;
        this.socket.ping();
        void markOnline(deps.redis, deps.keys, this.presenceId, this.socketId).catch(() => undefined);
      }),
      Math.min(PING_MS, PRESENCE_TTL_MS / 2),
    );
    this.send({
      protocol: PROTOCOL_VERSION,
      type: 'welcome',
      agentId: agent.id,
      name: agent.name,
      ...(table !== undefined ? { matchId: table } : {}),
    });
    await this.resendPending();
  }

  /** Closes the socket: offline and sent nothing more from now on, not from the end of the handshake. */
  readonly end: CloseSession = (code, reason) => {
    const s = this.socket;
    if (s.readyState === s.OPEN || s.readyState === s.CONNECTING) s.close(code, reason);
    this.cleanup();
  };

  private readonly cleanup = () => {
    this.closed = true;
    clearInterval(this.timer);
    void this.stopListening?.();
    this.stopListening = undefined;
    this.unregister();
    void markOffline(this.deps.redis, this.deps.keys, this.presenceId, this.socketId).catch(() => undefined);
  };

  /** A person's socket shows one table: what the seat is sent for its other tables goes to their sockets. */
  private forThisSocket(m: object): boolean {
    return this.table === undefined || ('matchId' in m && m.matchId === this.table);
  }

  private send(msg: object): void {
    if (this.socket.readyState === this.socket.OPEN) this.socket.send(JSON.stringify(msg));
  }

  private sendError(code: string, message: string): void {
    this.send({ protocol: PROTOCOL_VERSION, type: 'error', code, message });
  }

  private sendDecision(req: DecisionRequest): void {
    this.limit.sent(req.decisionId, req.deadline);
    this.send(req);
  }

  private onFrame(text: string | null): void {
    if (this.closed) return;
    const parsed = parseFrame(text);
    if (!this.limit.admit(parsed.answer?.decisionId)) {
      const why = `too many messages (limit ${this.limit.perSecond}/s)`;
      this.sendError('rate_limited', why);
      return this.end(1008, why);
    }
    if (parsed.error) return this.sendError(parsed.error.code, parsed.error.message);
    const inbound: AgentInbound = { answer: parsed.answer, receivedAt: Date.now() };
    // Redis away: this answer is lost (the decision times out), the socket stays (README "what survives").
    this.deps.redis
      .publish(this.deps.keys.agentIn(this.agent.id), JSON.stringify(inbound))
      .catch((err: unknown) => this.deps.log.warn({ err }, 'an agent answer could not be published'));
  }

  /** Every decision of the agent still pending (stored by WsBridge until its deadline), for this socket. */
  private async resendPending(): Promise<void> {
    const { redis, keys } = this.deps;
    const ids = await redis.smembers(keys.agentPending(this.agent.id));
    if (ids.length === 0) return;
    const raws = await redis.mget(ids.map((id) => keys.decision(id)));
    const now = Date.now();
    for (const raw of raws) {
      if (!raw) continue;
      const req = DecisionRequest.safeParse(JSON.parse(raw));
      if (req.success && req.data.deadline > now && this.forThisSocket(req.data)) this.sendDecision(req.data);
    }
  }
}

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
