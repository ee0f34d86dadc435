import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// What one socket can do to the API (in this process: a failure that escaped would fail the test run, see
// apps/start/src/socket-faults.test.ts for the API as a process of its own): a frame nested too deep or not
// UTF-8 closes that socket with 1007 and a reason, a failure while handling a socket closes it with 1011,
// and other sockets and requests carry on.

const DEEP_FRAME = `{"type":"answer","decisionId":"x","action":${'{"a":'.repeat(9000)}1${'}'.repeat(9000)}}`;

let h: Harness;
let owner: Account;
const opened: WebSocket[] = [];

beforeAll(async () => {
  h = await startHarness({ worker: false });
  owner = await h.createAccount();
});

afterAll(async () => {
  for (const ws of opened) ws.terminate();
  await h?.stop();
});

interface Client {
  ws: WebSocket;
  messages: { type?: string; code?: string }[];
  closed: Promise<{ code: number; reason: string }>;
}

async function connect(path: string, key?: string): Promise<Client> {
  const ws = new WebSocket(`${h.wsUrl}${path}`, key ? { headers: { authorization: `Bearer ${key}` } } : {});
  opened.push(ws);
  const messages: Client['messages'] = [];
  ws.on('message', (d) => messages.push(JSON.parse(d.toString()) as Client['messages'][number]));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return { ws, messages, closed };
}

async function wsAgent(): Promise<Client> {
  const a = await h.registerAgent(owner.key, { name: uniqueName('ws'), transport: 'ws' });
  const c = await connect('/v1/agents/connect', a.secret);
  await until(() => c.messages.some((m) => m.type === 'welcome'), 'welcome');
  return c;
}

async function until(cond: () => boolean, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

/** The close, which must come within `ms`. */
function closedWithin(c: Client, ms = 5000) {
  return Promise.race([
    c.closed,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`still open after ${ms} ms`)), ms)),
  ]);
}

/** Still open, and still served: an invalid frame gets its error message back. */
async function stillServed(c: Client) {
  expect(c.ws.readyState).toBe(WebSocket.OPEN);
  const before = c.messages.length;
  c.ws.send('not json');
  await until(
    () => c.messages.slice(before).some((m) => m.code === 'invalid_json'),
    'an answer on the socket',
  );
}

describe('socket guard', () => {
  it('closes an agent socket with 1007 and a reason on a frame nested 9,000 levels deep; the others carry on', async () => {
    const [victim, bystander] = await Promise.all([wsAgent(), wsAgent()]);
    victim.ws.send(DEEP_FRAME);
    expect(await closedWithin(victim)).toEqual({
      code: 1007,
      reason: 'message: nests arrays and objects more than 64 levels deep',
    });
    await stillServed(bystander);
    expect((await h.api('GET', '/healthz')).status).toBe(200);
  });

  it('closes a socket with 1007 on a text frame that is not UTF-8; a binary frame only gets an error', async () => {
    const c = await wsAgent();
    c.ws.send(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]), { binary: false });
    expect(await closedWithin(c)).toEqual({ code: 1007, reason: 'a text frame that is not valid UTF-8' });
    const b = await wsAgent();
    b.ws.send(Buffer.from([1, 2, 3]), { binary: true });
    await until(() => b.messages.some((m) => m.code === 'invalid_message'), 'error for a binary frame');
    await stillServed(b);
  });

  it('closes a spectator socket with 1007 on a deep frame, and ignores other frames', async () => {
    const f = await h.queueMatch(owner.key, [await h.houseAgent('random'), await h.houseAgent('heuristic')]);
    const quiet = await connect(`/v1/matches/${f}/live`);
    const loud = await connect(`/v1/matches/${f}/live`);
    await until(() => quiet.messages.some((m) => m.type === 'hello'), 'hello');
    quiet.ws.send('{"hello": "anyone"}');
    quiet.ws.send(Buffer.from([0, 1]));
    loud.ws.send(`[${DEEP_FRAME}]`);
    expect(await closedWithin(loud)).toMatchObject({ code: 1007 });
    await new Promise((r) => setTimeout(r, 200));
    expect(quiet.ws.readyState).toBe(WebSocket.OPEN);
  });

  it('closes a socket with 1011 when handling one of its frames fails, and the process carries on', async () => {
    const [victim, bystander] = await Promise.all([wsAgent(), wsAgent()]);
    const redis = h.platform.app.redis;
    const publish = redis.publish.bind(redis);
    // A bug in the handler (not a rejected promise: a throw, which nothing else would catch).
    redis.publish = (() => {
      throw new Error('a bug while publishing');
    }) as unknown as typeof redis.publish;
    try {
      victim.ws.send(JSON.stringify({ type: 'answer', decisionId: 'd1', action: { type: 'income' } }));
      expect(await closedWithin(victim)).toEqual({ code: 1011, reason: 'server error' });
    } finally {
      redis.publish = publish;
    }
    await stillServed(bystander);
  });

  it('closes a socket with 1011 when its route fails while it connects', async () => {
    const sockets = h.platform.app.agentSockets;
    const listen = sockets.listen.bind(sockets);
    sockets.listen = () => Promise.reject(new Error('revocations unreachable'));
    try {
      const a = await h.registerAgent(owner.key, { name: uniqueName('ws'), transport: 'ws' });
      const c = await connect('/v1/agents/connect', a.secret);
      expect(await closedWithin(c)).toEqual({ code: 1011, reason: 'server error' });
    } finally {
      sockets.listen = listen;
    }
    await stillServed(await wsAgent());
  });
});
