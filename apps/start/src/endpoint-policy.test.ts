import { createServer } from 'node:http';
import type { Server } from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Replay } from '@coup/protocol';
import { errorShapeProblem, startHarness, uniqueName } from './testing/harness';
import type { Account, Harness } from './testing/harness';

// AGENT_ADDRESSES through the API: endpoints refused at registration and update (400 endpoint_not_allowed
// naming the rule), and again at every connection (/check, matches) for an endpoint already stored.
// Only literal addresses; the only sockets opened go to loopback, and under `public` not even those.

interface ErrorBody {
  error: { code: string; message: string; details?: { rule: string; policy: string } };
}

// The URLs of the issue, all accepted before (the public ones are literals from documentation ranges or
// well-known anycast: nothing is ever sent to them).
const REFUSED_UNDER_PUBLIC: [string, string][] = [
  ['http://169.254.169.254/latest/meta-data/', 'metadata'],
  ['http://2852039166/', 'metadata'],
  ['http://0xa9fea9fe/', 'metadata'],
  ['http://0251.0376.0251.0376/', 'metadata'],
  ['http://[fd00:ec2::254]/', 'metadata'],
  ['http://[::ffff:169.254.169.254]/', 'metadata'],
  ['http://metadata.google.internal/', 'metadata'],
  ['http://10.0.0.1:8000/', 'private'],
  ['http://172.16.5.4/', 'private'],
  ['http://192.168.0.10/', 'private'],
  ['http://100.64.0.1/', 'carrier-grade-nat'],
  ['http://0.0.0.0:8000/', 'unspecified'],
  ['http://[::]/', 'unspecified'],
  ['http://[::1]:8000/', 'loopback'],
  ['http://127.1:8000/', 'loopback'],
  ['http://127.0.0.1:8000/', 'loopback'],
  ['http://localhost:8000/', 'loopback'],
  ['http://user:pass@10.0.0.1/', 'userinfo'],
  ['http://169.254.10.1/', 'link-local'],
  ['http://224.0.0.1/', 'multicast'],
  // A cloud host endpoint outside link-local (Azure's WireServer), and userinfo even when empty.
  ['http://168.63.129.16/', 'metadata'],
  ['http://[::ffff:168.63.129.16]/', 'metadata'],
  ['http://:@93.184.216.34:9/', 'userinfo'],
  ['http://@93.184.216.34/', 'userinfo'],
];

let pub: Harness;
let priv: Harness;
let pubOwner: Account;
let privOwner: Account;
let recorder: { server: Server; url: string; hits: string[] };

beforeAll(async () => {
  [pub, priv] = await Promise.all([startHarness({ env: { AGENT_ADDRESSES: 'public' } }), startHarness()]);
  [pubOwner, privOwner] = await Promise.all([pub.createAccount(), priv.createAccount()]);
  // A would-be agent on loopback: under `public` it must never receive a byte.
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.writeHead(200, { 'content-type': 'application/json' }).end('{"action":{"type":"income"}}');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  recorder = { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits };
}, 60_000);

afterAll(async () => {
  await new Promise((r) => recorder?.server.close(r));
  await Promise.all([pub?.stop(), priv?.stop()]);
});

const register = (h: Harness, key: string, endpointUrl: string, alias = 'endpointUrl') =>
  h.api<ErrorBody>('POST', '/v1/agents', { key, body: { name: uniqueName('ep'), [alias]: endpointUrl } });

describe('AGENT_ADDRESSES=public', () => {
  it.each(REFUSED_UNDER_PUBLIC)('refuses %s at registration (%s)', async (url, rule) => {
    const res = await register(pub, pubOwner.key, url);
    expect(res.status, res.text).toBe(400);
    expect(errorShapeProblem(res.body)).toBeNull();
    expect(res.body.error.code).toBe('endpoint_not_allowed');
    expect(res.body.error.details).toMatchObject({ rule, policy: 'public' });
  });

  it('says which rule, under which policy', async () => {
    const res = await register(pub, pubOwner.key, 'http://127.0.0.1:8000', 'url');
    expect(res.body.error.message).toBe(
      'endpointUrl host 127.0.0.1 is a loopback address (AGENT_ADDRESSES=public)',
    );
  });

  it('accepts a public address, and refuses a change to a private one (keeping the old URL)', async () => {
    const ok = await pub.registerAgent(pubOwner.key, {
      name: uniqueName('pub'),
      endpointUrl: 'http://93.184.216.34:8000',
    });
    const res = await pub.api<ErrorBody>('PATCH', `/v1/agents/${ok.id}`, {
      key: pubOwner.key,
      body: { endpointUrl: 'http://0xc0a80001:8000/' },
    });
    expect(res.status).toBe(400);
    expect(res.body.error).toMatchObject({
      code: 'endpoint_not_allowed',
      message: 'endpointUrl host 192.168.0.1 is a private-network address (AGENT_ADDRESSES=public)',
    });
    const stored = await pub.api<{ endpointUrl: string }>('GET', `/v1/agents/${ok.id}`, {
      key: pubOwner.key,
    });
    expect(stored.body.endpointUrl).toBe('http://93.184.216.34:8000');
  });

  it('checks again at every connection: /check is a 400, a match seat gets transport_error faults', async () => {
    // An endpoint stored before the policy (or under `private`): written to the database directly.
    const agent = await pub.registerAgent(pubOwner.key, {
      name: uniqueName('stale'),
      endpointUrl: 'http://93.184.216.34:8000',
    });
    await pub.db.prisma.agent.update({ where: { id: agent.id }, data: { endpointUrl: recorder.url } });
    const hitsBefore = recorder.hits.length;

    const check = await pub.api<ErrorBody>('POST', `/v1/agents/${agent.id}/check`, { key: pubOwner.key });
    expect(check.status).toBe(400);
    expect(check.body.error).toMatchObject({
      code: 'endpoint_not_allowed',
      message: 'endpointUrl host 127.0.0.1 is a loopback address (AGENT_ADDRESSES=public)',
      details: { rule: 'loopback', policy: 'public' },
    });

    const house = await pub.api<{ items: { id: string; name: string }[] }>('GET', '/v1/agents?house=true');
    const honest = house.body.items.find((a) => a.name === 'house-honest');
    const id = await pub.queueMatch(pubOwner.key, [agent.id, honest!.id], { timeoutMs: 1000 });
    const match = await pub.waitForMatch(id, 60_000);
    expect(match.status).toBe('finished');
    expect(match.seats[0]).toMatchObject({ faults: 3, forfeited: true });
    const replay = Replay.parse((await pub.api('GET', `/v1/matches/${id}/replay`)).body);
    const faults = replay.steps.flatMap((s) => (s.kind === 'decision' && s.fault ? [s.fault] : []));
    expect(faults).toHaveLength(3);
    for (const fault of faults) {
      expect(fault).toEqual({
        reason: 'transport_error',
        message: 'ENDPOINT_NOT_ALLOWED: 127.0.0.1 is a loopback address (AGENT_ADDRESSES=public)',
      });
    }
    expect(recorder.hits.length).toBe(hitsBefore);
  }, 90_000);
});

/** The faults of seat 0's decisions in a finished match. */
async function seatFaults(h: Harness, id: string) {
  const replay = Replay.parse((await h.api('GET', `/v1/matches/${id}/replay`)).body);
  return replay.steps.flatMap((s) => (s.kind === 'decision' && s.seat === 0 && s.fault ? [s.fault] : []));
}

describe('AGENT_ADDRESSES=private (the default outside production)', () => {
  it('accepts loopback and private networks', async () => {
    for (const url of [
      recorder.url,
      'http://127.1:8000',
      'http://[::1]:8000',
      'http://10.0.0.1',
      'http://192.168.1.1',
    ]) {
      const res = await register(priv, privOwner.key, url);
      expect(res.status, `${url}: ${res.text}`).toBe(201);
    }
  });

  it('still refuses link-local, cloud metadata, the unspecified address and user:pass@', async () => {
    for (const [url, rule] of [
      ['http://169.254.169.254/', 'metadata'],
      ['http://0xa9fea9fe/', 'metadata'],
      ['http://[::ffff:169.254.169.254]/', 'metadata'],
      ['http://[fd00:ec2::254]/', 'metadata'],
      ['http://metadata.google.internal/', 'metadata'],
      ['http://169.254.1.1/', 'link-local'],
      ['http://[fe80::1]/', 'link-local'],
      ['http://0.0.0.0:8000/', 'unspecified'],
      ['http://user:pass@10.0.0.1/', 'userinfo'],
      // Cloud host and metadata endpoints that are not link-local, in other spellings too.
      ['http://168.63.129.16/', 'metadata'],
      ['http://2822734096/', 'metadata'],
      ['http://[::ffff:168.63.129.16]/', 'metadata'],
      ['http://100.100.100.200/', 'metadata'],
      ['http://192.0.0.192/', 'metadata'],
      ['http://[fd00:ec2::253]/', 'metadata'],
      ['http://[fd20:ce::254]/', 'metadata'],
      ['http://metadata.tencentyun.com/', 'metadata'],
      // Userinfo, even empty (the URL parser drops it; the platform does not).
      ['http://:@127.0.0.1:9/', 'userinfo'],
      ['http://@127.0.0.1:9/', 'userinfo'],
    ]) {
      const res = await register(priv, privOwner.key, url!);
      expect(res.status, url).toBe(400);
      expect(res.body.error.code).toBe('endpoint_not_allowed');
      expect(res.body.error.details?.rule, url).toBe(rule);
    }
  });

  it('answers /check on a loopback agent', async () => {
    const agent = await priv.registerAgent(privOwner.key, {
      name: uniqueName('local'),
      endpointUrl: recorder.url,
    });
    const res = await priv.api<{ ok: boolean }>('POST', `/v1/agents/${agent.id}/check`, {
      key: privOwner.key,
    });
    expect(res.status).toBe(200);
    expect(res.body.ok).toBe(true);
    expect(recorder.hits).toContain('/decide');
  });

  it('refuses a change to an empty-userinfo URL, keeping the old one', async () => {
    const agent = await priv.registerAgent(privOwner.key, {
      name: uniqueName('keep'),
      endpointUrl: recorder.url,
    });
    for (const endpointUrl of [recorder.url.replace('//', '//:@'), 'http://168.63.129.16/']) {
      const res = await priv.api<ErrorBody>('PATCH', `/v1/agents/${agent.id}`, {
        key: privOwner.key,
        body: { endpointUrl },
      });
      expect(res.status, endpointUrl).toBe(400);
      expect(res.body.error.code).toBe('endpoint_not_allowed');
    }
    const stored = await priv.api<{ endpointUrl: string }>('GET', `/v1/agents/${agent.id}`, {
      key: privOwner.key,
    });
    expect(stored.body.endpointUrl).toBe(recorder.url);
  });

  it('checks userinfo again at every connection: /check is a 400, a match seat never calls it', async () => {
    // Stored before the rule (written to the database directly): loopback, which `private` allows.
    const agent = await priv.registerAgent(privOwner.key, {
      name: uniqueName('stale-userinfo'),
      endpointUrl: recorder.url,
    });
    const stale = recorder.url.replace('//', '//:@');
    await priv.db.prisma.agent.update({ where: { id: agent.id }, data: { endpointUrl: stale } });
    const hitsBefore = recorder.hits.length;

    const check = await priv.api<ErrorBody>('POST', `/v1/agents/${agent.id}/check`, { key: privOwner.key });
    expect(check.status).toBe(400);
    expect(check.body.error).toMatchObject({
      code: 'endpoint_not_allowed',
      details: { rule: 'userinfo', policy: 'private' },
    });

    const honest = await priv.houseAgent('honest');
    const id = await priv.queueMatch(privOwner.key, [agent.id, honest], { timeoutMs: 1000 });
    const match = await priv.waitForMatch(id, 60_000);
    expect(match.status).toBe('finished');
    expect(match.seats[0]).toMatchObject({ faults: 3, forfeited: true });
    const faults = await seatFaults(priv, id);
    expect(faults).toHaveLength(3);
    for (const fault of faults) {
      expect(fault.reason).toBe('transport_error');
      expect(fault.message).toMatch(/^ENDPOINT_NOT_ALLOWED: endpointUrl carries userinfo/);
    }
    expect(recorder.hits.length).toBe(hitsBefore);
  }, 90_000);
});

describe('what /check says back about an answer that is not JSON', () => {
  const SECRET = 'INTERNAL-SECRET-7f3a';
  let servers: { close(cb: () => void): void }[] = [];

  afterAll(async () => {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
    servers = [];
  });

  /** An "agent" on loopback that is really some other service. */
  async function service(answer: (socket: net.Socket) => void): Promise<string> {
    const server = net.createServer((socket) => socket.once('data', () => answer(socket)));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    servers.push(server);
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  const http = (head: string, body: string) => (socket: net.Socket) =>
    socket.end(
      `HTTP/1.1 ${head}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );

  async function check(url: string) {
    const agent = await priv.registerAgent(privOwner.key, { name: uniqueName('svc'), endpointUrl: url });
    const res = await priv.api<{ ok: boolean; answer: unknown; fault: { reason: string; message: string } }>(
      'POST',
      `/v1/agents/${agent.id}/check`,
      { key: privOwner.key },
    );
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toContain(SECRET);
    expect(res.body.ok).toBe(false);
    expect(res.body.answer).toBeNull();
    return res.body.fault;
  }

  it('an HTML page: the status, the content type and the size, no excerpt', async () => {
    const page = `<html><body>admin console ${SECRET} ${'x'.repeat(500)}</body></html>`;
    const url = await service(http('200 OK\r\nContent-Type: text/html; charset=utf-8', page));
    expect(await check(url)).toEqual({
      reason: 'invalid_json',
      message: `answer is not JSON (HTTP 200, content-type text/html, ${Buffer.byteLength(page)} bytes)`,
    });
  });

  it('plain text without a content type, and a content type that is not one', async () => {
    const text = `${SECRET}\n`;
    expect((await check(await service(http('200 OK', text)))).message).toBe(
      `answer is not JSON (HTTP 200, no valid content-type, ${text.length} bytes)`,
    );
    const odd = await service(http(`201 Created\r\nContent-Type: ${SECRET} x`, text));
    expect((await check(odd)).message).toBe(
      `answer is not JSON (HTTP 201, no valid content-type, ${text.length} bytes)`,
    );
  });

  it('an error page and a service that does not speak HTTP: nothing of what they sent', async () => {
    expect(await check(await service(http('500 Internal Server Error', SECRET)))).toEqual({
      reason: 'http_status',
      message: 'HTTP 500',
    });
    const banner = await service((socket) => socket.end(`+OK ${SECRET} ready\r\n-ERR ${SECRET}\r\n`));
    expect((await check(banner)).reason).toBe('transport_error');
  });
});
