import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConnector } from 'undici';
import { buildDecisionRequest } from '@coup/protocol';
import { createGame } from '@coup/engine';
import { AgentFault, httpAgent } from '@coup/runner';
import type { AgentAddresses } from './address-policy';
import { EndpointNotAllowedError } from './endpoint-check';
import type { Resolver } from './endpoint-check';
import { guardedConnector } from './guarded-connector';

// The check at connection time, with real sockets on loopback only: the guarded connector refuses before
// any byte is sent, connects to the address it checked (not to whatever the name resolves to next), and
// the runner's HTTP agent follows no redirect.

interface Recorder {
  server: Server;
  port: number;
  hits: string[];
}

async function listen(handler: (path: string) => { status: number; headers?: Record<string, string> }) {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(req.url ?? '');
    req.resume();
    const answer = handler(req.url ?? '');
    res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
    res.end(JSON.stringify({ action: { type: 'income' } }));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as AddressInfo).port, hits } satisfies Recorder;
}

let agentServer: Recorder;
let elsewhere: Recorder;

beforeAll(async () => {
  elsewhere = await listen(() => ({ status: 200 }));
  agentServer = await listen((path) =>
    path.startsWith('/redirect')
      ? { status: 307, headers: { location: `http://127.0.0.1:${elsewhere.port}/decide` } }
      : { status: 200 },
  );
});

afterAll(async () => {
  for (const s of [agentServer, elsewhere]) await new Promise((r) => s.server.close(r));
});

function request() {
  const state = createGame({ players: 2, seed: 'connector' });
  return buildDecisionRequest({
    state,
    seat: state.activeSeat,
    matchId: 'mt_connector',
    decisionId: 'mt_connector.0.0',
    deadline: Date.now() + 3000,
    timeoutMs: 3000,
    names: ['a', 'b'],
    history: [],
  });
}

/** One decision through httpAgent with the guarded connector; the fault, or null when it answered. */
async function decide(
  url: string,
  policy: AgentAddresses,
  resolve?: Resolver,
  connect?: buildConnector.connector,
) {
  const agent = httpAgent({ name: 'guarded', url, connect: guardedConnector(policy, resolve, connect) });
  try {
    await agent.decide(request(), AbortSignal.timeout(3000));
    return null;
  } catch (err) {
    return err as AgentFault;
  } finally {
    await agent.close?.();
  }
}

describe('the guarded connector', () => {
  it('refuses a loopback endpoint under public before sending anything: a transport_error fault', async () => {
    const before = agentServer.hits.length;
    const fault = await decide(`http://127.0.0.1:${agentServer.port}`, 'public');
    expect(fault).toBeInstanceOf(AgentFault);
    expect(fault?.reason).toBe('transport_error');
    expect(fault?.message).toBe(
      'ENDPOINT_NOT_ALLOWED: 127.0.0.1 is a loopback address (AGENT_ADDRESSES=public)',
    );
    expect(fault?.cause).toBeInstanceOf(EndpointNotAllowedError);
    expect(agentServer.hits.length).toBe(before);
  });

  it('lets the same endpoint through under private', async () => {
    expect(await decide(`http://127.0.0.1:${agentServer.port}`, 'private')).toBeNull();
    expect(agentServer.hits.at(-1)).toBe('/decide');
  });

  it('resolves a name itself and connects to the checked address, whatever the name resolves to later', async () => {
    // A rebinding name: checked once, then it would answer with the metadata address.
    let lookups = 0;
    const rebinding: Resolver = async () => (lookups++ === 0 ? ['127.0.0.1'] : ['169.254.169.254']);
    const dialled: string[] = [];
    const real = buildConnector({});
    const spy: buildConnector.connector = (options, callback) => {
      dialled.push(options.hostname);
      real(options, callback);
    };
    expect(await decide(`http://agent.test:${agentServer.port}`, 'private', rebinding, spy)).toBeNull();
    expect(lookups).toBe(1);
    expect(dialled).toEqual(['127.0.0.1']);
  });

  it('refuses a name when any address it resolves to is refused, and never dials', async () => {
    const dialled: string[] = [];
    const spy: buildConnector.connector = (options, callback) => {
      dialled.push(options.hostname);
      callback(new Error('must not dial'), null);
    };
    const split: Resolver = async () => ['127.0.0.1', '169.254.169.254'];
    const fault = await decide(`http://agent.test:${agentServer.port}`, 'private', split, spy);
    expect(fault?.reason).toBe('transport_error');
    expect(fault?.message).toMatch(
      /agent\.test resolves to 169\.254\.169\.254, which is a cloud metadata address/,
    );
    const lan: Resolver = async () => ['10.0.0.7'];
    const refused = await decide(`http://agent.test:${agentServer.port}`, 'public', lan, spy);
    expect(refused?.message).toMatch(
      /10\.0\.0\.7, which is a private-network address \(AGENT_ADDRESSES=public\)/,
    );
    expect(dialled).toEqual([]);
  });

  it('follows no redirect: a 3xx is an http_status fault and the target is never called', async () => {
    const fault = await decide(`http://127.0.0.1:${agentServer.port}/redirect`, 'private');
    expect(fault?.reason).toBe('http_status');
    expect(fault?.message).toBe('HTTP 307');
    expect(elsewhere.hits).toEqual([]);
  });
});
