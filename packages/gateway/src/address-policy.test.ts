import { describe, expect, it } from 'vitest';
import { parseEnv } from './env';
import { checkEndpointUrl, EndpointNotAllowedError } from './endpoint-check';
import type { Resolver } from './endpoint-check';
import type { AgentAddresses } from './address-policy';

// Every spelling the issue listed (and the ones around them), under both policies. Nothing here touches
// the network: host names go through a stub resolver, never real DNS.

const DNS: Record<string, string[]> = {
  localhost: ['127.0.0.1', '::1'],
  'agent.localhost': ['127.0.0.1'],
  'lan-agent.example': ['10.1.2.3'],
  'cgnat-agent.example': ['100.64.3.4'],
  'v6-lan-agent.example': ['fd12:3456::7'],
  'mapped-agent.example': ['::ffff:192.168.0.9'],
  // One good and one internal address: refused as a whole, not raced.
  'split.example': ['93.184.216.34', '10.0.0.1'],
  'sneaky-metadata.example': ['169.254.169.254'],
  'good.example': ['93.184.216.34', '2606:2800:220:1::1'],
  // Names that resolve to a cloud host endpoint, in any form DNS may give it.
  'azure-host.example': ['168.63.129.16'],
  'mapped-azure.example': ['::ffff:168.63.129.16'],
  'alibaba.example': ['100.100.100.200'],
  'gcp-v6.example': ['fd20:ce::254'],
};
const asked: string[] = [];
const resolve: Resolver = async (host) => {
  asked.push(host);
  const found = DNS[host];
  if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: 'ENOTFOUND' });
  return found;
};

/** The rule that refuses `url` under `policy`, or 'ok'. */
async function verdict(url: string, policy: AgentAddresses): Promise<string> {
  try {
    await checkEndpointUrl(url, policy, resolve);
    return 'ok';
  } catch (err) {
    if (err instanceof EndpointNotAllowedError) return err.rule;
    throw err;
  }
}

// [url, under public, under private]
const TABLE: [string, string, string][] = [
  // 169.254.169.254 in every spelling: cloud metadata, refused in both.
  ['http://169.254.169.254/latest/meta-data/', 'metadata', 'metadata'],
  ['http://2852039166/', 'metadata', 'metadata'],
  ['http://0xa9fea9fe/', 'metadata', 'metadata'],
  ['http://0xA9.0xFE.0xA9.0xFE/', 'metadata', 'metadata'],
  ['http://0251.0376.0251.0376/', 'metadata', 'metadata'],
  ['http://169.254.43518/', 'metadata', 'metadata'],
  ['http://[::ffff:169.254.169.254]/', 'metadata', 'metadata'],
  ['http://[0:0:0:0:0:ffff:a9fe:a9fe]/', 'metadata', 'metadata'],
  ['http://[2002:a9fe:a9fe::1]/', 'metadata', 'metadata'],
  ['http://[fd00:ec2::254]/', 'metadata', 'metadata'],
  ['http://100.100.100.200/', 'metadata', 'metadata'],
  ['http://metadata.google.internal/computeMetadata/v1/', 'metadata', 'metadata'],
  ['http://METADATA.Google.Internal./', 'metadata', 'metadata'],
  ['http://metadata/', 'metadata', 'metadata'],
  ['http://instance-data/', 'metadata', 'metadata'],
  ['http://sneaky-metadata.example/', 'metadata', 'metadata'],
  // Azure's host endpoint (WireServer): a public address, refused in both, in every spelling.
  ['http://168.63.129.16/', 'metadata', 'metadata'],
  ['http://168.63.129.16:32526/vmSettings', 'metadata', 'metadata'],
  ['http://2822734096/', 'metadata', 'metadata'],
  ['http://0xa83f8110/', 'metadata', 'metadata'],
  ['http://0250.077.0201.020/', 'metadata', 'metadata'],
  ['http://168.63.33040/', 'metadata', 'metadata'],
  ['http://[::ffff:168.63.129.16]/', 'metadata', 'metadata'],
  ['http://[::ffff:a83f:8110]/', 'metadata', 'metadata'],
  ['http://[64:ff9b::168.63.129.16]/', 'metadata', 'metadata'],
  ['http://[2002:a83f:8110::1]/', 'metadata', 'metadata'],
  ['http://[::168.63.129.16]/', 'metadata', 'metadata'],
  ['http://azure-host.example/', 'metadata', 'metadata'],
  ['http://mapped-azure.example/', 'metadata', 'metadata'],
  // The other clouds' host and metadata endpoints (cloud-endpoints.ts).
  ['http://169.254.169.253/', 'metadata', 'metadata'],
  ['http://169.254.169.123/', 'metadata', 'metadata'],
  ['http://[fd00:ec2::253]/', 'metadata', 'metadata'],
  ['http://[fd00:ec2::123]/', 'metadata', 'metadata'],
  ['http://[FD00:EC2:0:0:0:0:0:254]/', 'metadata', 'metadata'],
  ['http://169.254.170.2/v2/credentials', 'metadata', 'metadata'],
  ['http://169.254.170.23/', 'metadata', 'metadata'],
  ['http://[fd00:ec2::23]/', 'metadata', 'metadata'],
  ['http://[fd20:ce::254]/', 'metadata', 'metadata'],
  ['http://gcp-v6.example/', 'metadata', 'metadata'],
  ['http://0x646464c8/', 'metadata', 'metadata'],
  ['http://[::ffff:100.100.100.200]/', 'metadata', 'metadata'],
  ['http://alibaba.example/', 'metadata', 'metadata'],
  ['http://100.100.2.136/', 'metadata', 'metadata'],
  ['http://100.100.2.138/', 'metadata', 'metadata'],
  ['http://192.0.0.192/latest/', 'metadata', 'metadata'],
  ['http://[fd00:c1::a9fe:a9fe]/opc/v2/', 'metadata', 'metadata'],
  ['http://169.254.0.23/', 'metadata', 'metadata'],
  ['http://[fd00:a9fe:a9fe::1]/', 'metadata', 'metadata'],
  ['http://169.254.42.42/', 'metadata', 'metadata'],
  ['http://[fd00:42::42]/', 'metadata', 'metadata'],
  ['http://[fe80::a9fe:a9fe]/', 'metadata', 'metadata'],
  ['http://metadata.goog/', 'metadata', 'metadata'],
  ['http://metadata.tencentyun.com/latest/meta-data/', 'metadata', 'metadata'],
  ['http://api.metadata.cloud.ibm.com/metadata/v1/', 'metadata', 'metadata'],
  ['http://metadata.platformequinix.com/metadata', 'metadata', 'metadata'],
  ['http://metadata.packet.net/', 'metadata', 'metadata'],
  ['http://instance-data.ec2.internal/', 'metadata', 'metadata'],
  ['http://rancher-metadata/', 'metadata', 'metadata'],
  ['http://computeMetadata.metadata.google.internal/', 'metadata', 'metadata'],
  ['http://metadata.google.internal%2E/', 'metadata', 'metadata'],
  ['http://\uff4d\uff45\uff54\uff41\uff44\uff41\uff54\uff41/', 'metadata', 'metadata'],
  // Link-local.
  ['http://169.254.1.1:8000/', 'link-local', 'link-local'],
  ['http://[fe80::1]/', 'link-local', 'link-local'],
  // Private networks: refused in public, allowed in private.
  ['http://10.0.0.1/', 'private', 'ok'],
  ['http://10.255.255.255:8080/', 'private', 'ok'],
  ['http://172.16.0.1/', 'private', 'ok'],
  ['http://172.31.255.254/', 'private', 'ok'],
  ['http://192.168.1.10/', 'private', 'ok'],
  ['http://0xc0a80001/', 'private', 'ok'],
  ['http://[::ffff:10.0.0.1]/', 'private', 'ok'],
  ['http://[64:ff9b::10.0.0.1]/', 'private', 'ok'],
  ['http://lan-agent.example/', 'private', 'ok'],
  ['http://mapped-agent.example/', 'private', 'ok'],
  ['http://split.example/', 'private', 'ok'],
  ['http://100.64.0.1/', 'carrier-grade-nat', 'ok'],
  ['http://100.127.255.254/', 'carrier-grade-nat', 'ok'],
  ['http://cgnat-agent.example/', 'carrier-grade-nat', 'ok'],
  ['http://[fc00::1]/', 'unique-local', 'ok'],
  ['http://[fd12:3456::1]/', 'unique-local', 'ok'],
  ['http://v6-lan-agent.example/', 'unique-local', 'ok'],
  // Loopback: the one-machine case.
  ['http://127.0.0.1:8000/', 'loopback', 'ok'],
  ['http://127.1/', 'loopback', 'ok'],
  ['http://127.0.1/', 'loopback', 'ok'],
  ['http://2130706433/', 'loopback', 'ok'],
  ['http://0x7f000001/', 'loopback', 'ok'],
  ['http://017700000001/', 'loopback', 'ok'],
  ['http://[::1]:8000/', 'loopback', 'ok'],
  ['http://[::ffff:127.0.0.1]/', 'loopback', 'ok'],
  ['http://[::127.0.0.1]/', 'loopback', 'ok'],
  ['http://localhost:8000/', 'loopback', 'ok'],
  ['http://agent.localhost/', 'loopback', 'ok'],
  // Never callable.
  ['http://0.0.0.0:8000/', 'unspecified', 'unspecified'],
  ['http://0/', 'unspecified', 'unspecified'],
  ['http://[::]/', 'unspecified', 'unspecified'],
  ['http://224.0.0.1/', 'multicast', 'multicast'],
  ['http://[ff02::1]/', 'multicast', 'multicast'],
  ['http://255.255.255.255/', 'broadcast', 'broadcast'],
  ['http://192.0.2.1/', 'reserved', 'reserved'],
  ['http://240.0.0.1/', 'reserved', 'reserved'],
  ['http://[2001:db8::1]/', 'reserved', 'reserved'],
  ['http://[2001:0:4136:e378:8000:63bf:3fff:fdd2]/', 'special', 'special'],
  ['http://user:pass@10.0.0.1/', 'userinfo', 'userinfo'],
  ['http://user@93.184.216.34/', 'userinfo', 'userinfo'],
  // Userinfo even when empty: the URL parser drops it, the text still has it.
  ['http://:@127.0.0.1:9/', 'userinfo', 'userinfo'],
  ['http://@127.0.0.1:9/', 'userinfo', 'userinfo'],
  ['http://:@93.184.216.34/', 'userinfo', 'userinfo'],
  ['http://@good.example/', 'userinfo', 'userinfo'],
  ['http:@127.0.0.1/', 'userinfo', 'userinfo'],
  ['http:\\\\:@127.0.0.1/', 'userinfo', 'userinfo'],
  ['HTTP://:@[::1]:9/', 'userinfo', 'userinfo'],
  ['http://\t:\n@127.0.0.1/', 'userinfo', 'userinfo'],
  [' http://@127.0.0.1/ ', 'userinfo', 'userinfo'],
  ['http://a@b@127.0.0.1/', 'userinfo', 'userinfo'],
  ['https://:@good.example/agent', 'userinfo', 'userinfo'],
  ['ftp://93.184.216.34/', 'scheme', 'scheme'],
  ['http://nowhere.example/', 'unresolvable', 'unresolvable'],
  // Public addresses and names: allowed in both.
  ['http://93.184.216.34/', 'ok', 'ok'],
  ['https://172.32.0.1/', 'ok', 'ok'],
  ['http://100.128.0.1/', 'ok', 'ok'],
  ['http://[2606:4700:4700::1111]/', 'ok', 'ok'],
  ['http://[::ffff:93.184.216.34]/', 'ok', 'ok'],
  ['https://good.example/agent', 'ok', 'ok'],
  // An @ outside the authority is not userinfo; addresses next to the clouds' are not refused.
  ['http://127.0.0.1:9/@x', 'loopback', 'ok'],
  ['http://127.0.0.1:9/?to=a@b#c@d', 'loopback', 'ok'],
  ['http://168.63.129.17/', 'ok', 'ok'],
  ['http://[fd00:ec2::255]/', 'unique-local', 'ok'],
  ['http://100.100.100.201/', 'carrier-grade-nat', 'ok'],
];

describe('the agent address policy', () => {
  it.each(TABLE)('%s: public -> %s, private -> %s', async (url, underPublic, underPrivate) => {
    expect(await verdict(url, 'public')).toBe(underPublic);
    expect(await verdict(url, 'private')).toBe(underPrivate);
  });

  it('names the rule and the policy in its message', async () => {
    const refusal = (url: string, policy: AgentAddresses) =>
      checkEndpointUrl(url, policy, resolve).then(
        () => null,
        (err: EndpointNotAllowedError) => err.message,
      );
    expect(await refusal('http://127.0.0.1:8000', 'public')).toBe(
      'endpointUrl host 127.0.0.1 is a loopback address (AGENT_ADDRESSES=public)',
    );
    expect(await refusal('http://lan-agent.example', 'public')).toBe(
      'endpointUrl host lan-agent.example resolves to 10.1.2.3, which is a private-network address (AGENT_ADDRESSES=public)',
    );
    expect(await refusal('http://[::ffff:169.254.169.254]/', 'private')).toBe(
      'endpointUrl host [::ffff:a9fe:a9fe] carries 169.254.169.254, a cloud metadata address (refused under every AGENT_ADDRESSES policy)',
    );
    expect(await refusal('http://user:pass@10.0.0.1/', 'private')).toMatch(/user name or password/);
  });

  it('refuses metadata names without asking DNS', async () => {
    asked.length = 0;
    await verdict('http://metadata.google.internal/', 'private');
    await verdict('http://127.0.0.1/', 'public');
    expect(asked).toEqual([]);
  });
});

describe('AGENT_ADDRESSES', () => {
  it('is private by default, public under NODE_ENV=production, and an explicit value wins', () => {
    expect(parseEnv({}).AGENT_ADDRESSES).toBe('private');
    expect(parseEnv({ NODE_ENV: 'test' }).AGENT_ADDRESSES).toBe('private');
    expect(parseEnv({ NODE_ENV: 'production' }).AGENT_ADDRESSES).toBe('public');
    expect(parseEnv({ NODE_ENV: 'production', AGENT_ADDRESSES: 'private' }).AGENT_ADDRESSES).toBe('private');
    expect(parseEnv({ AGENT_ADDRESSES: 'public' }).AGENT_ADDRESSES).toBe('public');
    expect(() => parseEnv({ AGENT_ADDRESSES: 'none' })).toThrow(/AGENT_ADDRESSES/);
  });
});
