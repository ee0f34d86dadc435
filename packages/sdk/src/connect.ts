import { EventEmitter } from 'node:events';
import WebSocket from 'ws';
import type { RawData } from 'ws';
import { ServerMessage } from '@coup/protocol';
import type { AnswerMessage, DecisionRequest } from '@coup/protocol';
import type { AnswerCache } from './answer';
import { reportError } from './errors';
import type { AgentOptions } from './types';

export interface ConnectOptions {
  /** First reconnect delay; doubles up to maxBackoffMs, with jitter. Default 500 ms. */
  minBackoffMs?: number;
  /** Default 30 s. */
  maxBackoffMs?: number;
  /**
   * The platform pings every 15 s: a socket silent for this long is presumed dead and reopened.
   * Default 40 s; 0 disables the check.
   */
  heartbeatTimeoutMs?: number;
}

/** Close codes and HTTP statuses meaning "this key is refused": reconnecting would not help. */
const FATAL_CLOSE_CODES = new Set([1008, 4001, 4003]);
const FATAL_STATUS = /Unexpected server response: (401|403)\b/;

/** An `error` message from the platform (the socket stays open). */
export class PlatformError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly decisionId?: string,
  ) {
    super(`${code}: ${message}`);
  }
}

/**
 * A WebSocket agent's connection. Events: `open`, `welcome`, `match_start`, `decision`, `answer` (sent),
 * `match_end`, `error` (Error or PlatformError), `reconnecting` ({ attempt, delayMs }),
 * `close` ({ code, reason, willReconnect }).
 */
export class AgentConnection extends EventEmitter {
  private ws: WebSocket | null = null;
  private closedByUser = false;
  private attempt = 0;
  private retryTimer: NodeJS.Timeout | null = null;
  private heartbeat: NodeJS.Timeout | null = null;
  private readonly report: (err: unknown, context: string) => void;

  constructor(
    private readonly url: string,
    private readonly key: string,
    private readonly agent: AgentOptions,
    private readonly cache: AnswerCache,
    private readonly opts: ConnectOptions = {},
  ) {
    super();
    this.report = reportError(agent.onError);
    this.open();
  }

  get connected(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  /** Closes for good: no more reconnects. Resolves once the socket is closed. */
  close(): Promise<void> {
    this.closedByUser = true;
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.stopHeartbeat();
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      ws.once('close', () => resolve());
      if (ws.readyState === WebSocket.CONNECTING) ws.terminate();
      else ws.close(1000, 'agent closed');
    });
  }

  /** `error` is only emitted when someone listens: an unhandled EventEmitter error would crash the agent. */
  private fail(err: Error): void {
    if (this.listenerCount('error') > 0) this.emit('error', err);
    else this.report(err, 'websocket');
  }

  private open(): void {
    const name = this.agent.name ?? 'agent';
    const ws = new WebSocket(this.url, {
      headers: { authorization: `Bearer ${this.key}`, 'user-agent': `coup-sdk (${name})` },
    });
    this.ws = ws;
    let fatal = false;
    ws.on('open', () => {
      this.attempt = 0;
      this.touch(ws);
      this.emit('open');
    });
    ws.on('ping', () => this.touch(ws));
    ws.on('message', (data: RawData) => {
      this.touch(ws);
      this.onMessage(ws, data);
    });
    ws.on('error', (err: Error) => {
      if (FATAL_STATUS.test(err.message)) fatal = true;
      this.fail(err);
    });
    ws.on('close', (code: number, reasonBuf: Buffer) => {
      if (this.ws === ws) this.stopHeartbeat();
      fatal ||= FATAL_CLOSE_CODES.has(code);
      const willReconnect = !this.closedByUser && !fatal;
      this.emit('close', { code, reason: reasonBuf.toString(), willReconnect });
      if (willReconnect) this.scheduleReconnect();
    });
  }

  private scheduleReconnect(): void {
    const min = this.opts.minBackoffMs ?? 500;
    const max = this.opts.maxBackoffMs ?? 30_000;
    const base = Math.min(max, min * 2 ** this.attempt);
    // Jitter, so a platform restart is not followed by every agent reconnecting in the same instant.
    const delayMs = Math.round(base * (0.5 + Math.random() * 0.5));
    this.attempt++;
    this.emit('reconnecting', { attempt: this.attempt, delayMs });
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (!this.closedByUser) this.open();
    }, delayMs);
  }

  private touch(ws: WebSocket): void {
    const timeout = this.opts.heartbeatTimeoutMs ?? 40_000;
    if (timeout <= 0 || this.ws !== ws) return;
    this.stopHeartbeat();
    this.heartbeat = setTimeout(() => ws.terminate(), timeout);
  }

  private stopHeartbeat(): void {
    if (this.heartbeat) clearTimeout(this.heartbeat);
    this.heartbeat = null;
  }

  private onMessage(ws: WebSocket, data: RawData): void {
    let json: unknown;
    try {
      json = JSON.parse(data.toString());
    } catch {
      this.fail(new Error('the platform sent a frame that is not JSON'));
      return;
    }
    const parsed = ServerMessage.safeParse(json);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      this.fail(new Error(`unexpected message: ${issue?.path.join('.') || 'message'}: ${issue?.message}`));
      return;
    }
    const msg = parsed.data;
    switch (msg.type) {
      case 'welcome':
        this.emit('welcome', msg);
        break;
      case 'match_start':
        this.emit('match_start', msg);
        this.runHook(() => this.agent.onStart?.(msg), 'onStart');
        break;
      case 'match_end':
        this.emit('match_end', msg);
        this.runHook(() => this.agent.onEnd?.(msg), 'onEnd');
        break;
      case 'error':
        this.fail(new PlatformError(msg.code, msg.message, msg.decisionId));
        break;
      case 'decision':
        this.onDecision(ws, json as DecisionRequest);
        break;
    }
  }

  private runHook(hook: () => unknown, context: string): void {
    Promise.resolve()
      .then(hook)
      .catch((err: unknown) => this.report(err, context));
  }

  /** Answers on the socket the decision came on; if that one is gone, the platform resends it later. */
  private onDecision(ws: WebSocket, req: DecisionRequest): void {
    this.emit('decision', req);
    this.cache.answer(req, this.agent.decide).then(
      (answer) => {
        const msg: AnswerMessage = { ...answer, type: 'answer', decisionId: req.decisionId };
        if (ws.readyState !== WebSocket.OPEN) return;
        ws.send(JSON.stringify(msg));
        this.emit('answer', msg);
      },
      (err: unknown) => this.report(err, `decide ${req.decisionId}`),
    );
  }
}
