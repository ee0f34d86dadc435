import type { Redis } from 'ioredis';
import type { DecisionRequest, MatchEnd, MatchStart } from '@coup/protocol';
import { AgentFault } from '@coup/runner';
import type { MatchAgent } from '@coup/runner';
import { AgentInbound } from './messages';
import type { AgentOutbound } from './messages';
import type { Keys } from './names';

import type { ChannelHub } from './channel-hub';
import { isOnline, tablePresenceId } from './presence';

/** How long before its deadline a decision checks that its agent still has a socket. */
export const DISCONNECTED_MARGIN_MS = 150;

interface Waiter {
  agentId: string;
  resolve(answer: { action: unknown; comment?: string; history?: unknown }): void;
}

/**
 * The worker's side of WebSocket agents. A WebSocket agent holds its socket on whichever API instance it
 * reached; the worker running its match reaches it through Redis: requests go out on the agent's `out`
 * channel (every API instance holding one of its sockets forwards them), answers come back on its `in`
 * channel. Each pending request is also stored until its deadline so an API instance can re-send it to an
 * agent that reconnects.
 */
export class WsBridge {
  private readonly waiting = new Map<string, Waiter>();
  /** Per agent: how many decisions are waiting, and how to stop listening to its answers. */
  private readonly listening = new Map<string, { count: number; stop: Promise<() => Promise<void>> }>();

  constructor(
    private readonly redis: Redis,
    private readonly hub: ChannelHub,
    private readonly keys: Keys,
  ) {}

  /** Whether at least one socket of the agent (or of a person at a table: tablePresenceId) is open somewhere. */
  isOnline(presenceId: string): Promise<boolean> {
    return isOnline(this.redis, this.keys, presenceId);
  }

  /**
   * `perTable`: the agent is a person's seat, present at a table only while a socket opened for that table
   * is (tablePresenceId); otherwise any socket of the agent counts.
   */
  agent(a: { id: string; name: string }, o: { perTable?: boolean } = {}): MatchAgent {
    const publish = (message: MatchStart | MatchEnd | DecisionRequest) =>
      this.redis.publish(this.keys.agentOut(a.id), JSON.stringify({ message } satisfies AgentOutbound));
    return {
      name: a.name,
      agentId: a.id,
      decide: (req, signal) =>
        this.decide(a.id, req, signal, o.perTable ? tablePresenceId(a.id, req.matchId) : a.id),
      start: async (msg) => void (await publish(msg)),
      end: async (msg) => void (await publish(msg)),
    };
  }

  private async decide(
    agentId: string,
    req: DecisionRequest,
    signal: AbortSignal,
    presenceId: string,
  ): Promise<unknown> {
    await this.acquire(agentId);
    const k = this.keys;
    let check: NodeJS.Timeout | undefined;
    try {
      const answered = new Promise<{ action: unknown; comment?: string; history?: unknown }>(
        (resolve, reject) => {
          this.waiting.set(req.decisionId, { agentId, resolve });
          const abort = () => reject(new AgentFault('timeout', 'no answer before the deadline'));
          if (signal.aborted) abort();
          else signal.addEventListener('abort', abort, { once: true });
          // An agent that has no socket left just before the deadline is `disconnected`, not slow (the
          // runner records its own `timeout` at the deadline itself, so this has to come first).
          check = setTimeout(
            () =>
              void this.isOnline(presenceId).then(
                (online) =>
                  online || reject(new AgentFault('disconnected', 'no open WebSocket before the deadline')),
                () => undefined,
              ),
            Math.max(0, req.deadline - Date.now() - DISCONNECTED_MARGIN_MS),
          );
        },
      );
      // The deadline can pass (or the socket check fail) while the request is still being written to Redis,
      // before anything awaits `answered`: handled here, that rejection is not an unhandled one (which would
      // end the worker process); it still reaches the runner through the `await answered` below.
      answered.catch(() => undefined);
      const ttl = Math.max(1, req.deadline - Date.now());
      await this.redis
        .multi()
        .set(k.decision(req.decisionId), JSON.stringify(req), 'PX', ttl)
        .sadd(k.agentPending(agentId), req.decisionId)
        .pexpire(k.agentPending(agentId), ttl + 60_000)
        .publish(k.agentOut(agentId), JSON.stringify({ message: req } satisfies AgentOutbound))
        .exec();
      return await answered;
    } finally {
      clearTimeout(check);
      this.waiting.delete(req.decisionId);
      void this.redis
        .multi()
        .del(k.decision(req.decisionId))
        .srem(k.agentPending(agentId), req.decisionId)
        .exec()
        .catch(() => undefined);
      void this.release(agentId);
    }
  }

  private receive(agentId: string, raw: string): void {
    let parsed: AgentInbound;
    try {
      const r = AgentInbound.safeParse(JSON.parse(raw));
      if (!r.success) return;
      parsed = r.data;
    } catch {
      return;
    }
    const w = this.waiting.get(parsed.answer.decisionId);
    // Only the agent asked may answer its decision (channels are per agent; this guards a mixup).
    if (!w || w.agentId !== agentId) return;
    this.waiting.delete(parsed.answer.decisionId);
    const { action, comment, history } = parsed.answer;
    const answer: { action: unknown; comment?: string; history?: unknown } = { action };
    if (comment !== undefined) answer.comment = comment;
    // `"history": "full"` asks for the whole history in the next request (PROTOCOL.md "History modes").
    if (history === 'full') answer.history = history;
    w.resolve(answer);
  }

  private async acquire(agentId: string): Promise<void> {
    let l = this.listening.get(agentId);
    if (!l) {
      const stop = this.hub.listen(this.keys.agentIn(agentId), (raw) => this.receive(agentId, raw));
      l = { count: 0, stop };
      this.listening.set(agentId, l);
    }
    l.count++;
    await l.stop;
  }

  private async release(agentId: string): Promise<void> {
    const l = this.listening.get(agentId);
    if (!l || --l.count > 0) return;
    this.listening.delete(agentId);
    await (
      await l.stop
    )();
  }
}
