import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { DecisionRequest } from '@coup/protocol';
import { AgentFault } from '@coup/runner';
import { ChannelHub } from './channel-hub';
import { keys } from './names';
import { WsBridge } from './ws-bridge';

// The worker's half of a WebSocket agent's decisions, against the real Redis. A deadline that passes while
// the request is still being written to Redis must reach the runner as a `timeout` fault and nowhere else:
// an unhandled rejection ends a Node process (a worker, with every match it plays).

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const k = keys(`wsbridge${randomBytes(4).toString('hex')}`);
let redis: Redis;
let subscriber: Redis;
let bridge: WsBridge;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => void unhandled.push(reason);

beforeAll(() => {
  redis = new Redis(REDIS_URL);
  subscriber = new Redis(REDIS_URL);
  bridge = new WsBridge(redis, new ChannelHub(subscriber), k);
  process.on('unhandledRejection', onUnhandled);
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  redis.disconnect();
  subscriber.disconnect();
});

afterEach(() => void (unhandled.length = 0));

const request = (decisionId: string): DecisionRequest =>
  ({ matchId: 'm_test', decisionId, deadline: Date.now() + 5_000 }) as unknown as DecisionRequest;

describe('WsBridge', () => {
  it('a deadline already passed when the request is sent: a timeout fault, no unhandled rejection', async () => {
    const agent = bridge.agent({ id: `ag_${randomBytes(4).toString('hex')}`, name: 'late' });
    const decided = agent.decide(request(`d_${randomBytes(6).toString('hex')}`), AbortSignal.abort());
    const fault = await decided.then(
      () => null,
      (e: unknown) => e,
    );
    expect(fault).toBeInstanceOf(AgentFault);
    expect((fault as AgentFault).reason).toBe('timeout');
    // Node reports an unhandled rejection once the microtasks of the turn it happened in have run.
    await new Promise((r) => setTimeout(r, 50));
    expect(unhandled).toEqual([]);
  });
});
