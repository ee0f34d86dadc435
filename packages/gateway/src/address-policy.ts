import ipaddr from 'ipaddr.js';
import { CLOUD_ENDPOINT_ADDRESSES, isCloudEndpointName } from './cloud-endpoints';

// Which addresses the platform may call an agent at (AGENT_ADDRESSES). An agent endpoint is chosen by
// whoever registers it, so without a policy the platform is a proxy into its own network: metadata
// services, databases, admin ports. Range names come from ipaddr.js; this file only decides which of them
// each policy allows.

export const AGENT_ADDRESS_POLICIES = ['public', 'private'] as const;
/** `public`: globally routable unicast addresses only. `private`: also loopback and private networks. */
export type AgentAddresses = (typeof AGENT_ADDRESS_POLICIES)[number];

export type AddressRule =
  | 'loopback'
  | 'private'
  | 'carrier-grade-nat'
  | 'unique-local'
  | 'link-local'
  | 'metadata'
  | 'unspecified'
  | 'multicast'
  | 'broadcast'
  | 'reserved'
  | 'special';

/** What each refused kind of address is called in messages, and whether `private` allows it. */
const RULES: Record<AddressRule, { what: string; privateAllows: boolean }> = {
  loopback: { what: 'a loopback address', privateAllows: true },
  private: { what: 'a private-network address', privateAllows: true },
  'carrier-grade-nat': { what: 'a carrier-grade NAT (100.64.0.0/10) address', privateAllows: true },
  'unique-local': { what: 'a unique-local IPv6 address', privateAllows: true },
  'link-local': { what: 'a link-local address', privateAllows: false },
  // Cloud host and metadata endpoints (cloud-endpoints.ts), whatever range they sit in.
  metadata: { what: 'a cloud metadata address', privateAllows: false },
  unspecified: { what: 'the unspecified address', privateAllows: false },
  multicast: { what: 'a multicast address', privateAllows: false },
  broadcast: { what: 'the broadcast address', privateAllows: false },
  reserved: { what: 'a reserved or documentation address', privateAllows: false },
  special: {
    what: 'a special-purpose IPv6 address (tunnel, translation or test range)',
    privateAllows: false,
  },
};

/** ipaddr.js range names -> our rules; a range not listed here (and not `unicast`) is `special`. */
const RANGE_RULES: Record<string, AddressRule> = {
  loopback: 'loopback',
  private: 'private',
  carrierGradeNat: 'carrier-grade-nat',
  uniqueLocal: 'unique-local',
  linkLocal: 'link-local',
  unspecified: 'unspecified',
  multicast: 'multicast',
  broadcast: 'broadcast',
  reserved: 'reserved',
  benchmarking: 'reserved',
  deprecatedSiteLocal: 'private',
};

/** Globally routable ranges (anycast services included). */
const PUBLIC_RANGES = new Set(['unicast', 'as112', 'as112v6', 'amt']);

export interface AddressVerdict {
  rule: AddressRule;
  /** The IPv4 address an IPv6 spelling carries (::ffff:a.b.c.d, 64:ff9b::a.b.c.d, 2002:AABB:CCDD::...). */
  embedded?: string;
}

/** The IPv4 address inside an IPv6 address that only wraps or translates one, if it is one of those. */
function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | null {
  const range = ip.range();
  const p = ip.parts;
  const last32 = () => new ipaddr.IPv4([p[6]! >> 8, p[6]! & 0xff, p[7]! >> 8, p[7]! & 0xff]);
  if (range === 'ipv4Mapped' || range === 'rfc6145') return last32();
  // RFC 6052's well-known NAT64 prefix 64:ff9b::/96 (the /48 local-use prefix is `special`).
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0) {
    return last32();
  }
  // Deprecated IPv4-compatible ::a.b.c.d (not :: and ::1, which are ranges of their own).
  if (range === 'unicast' && p.slice(0, 6).every((w) => w === 0)) return last32();
  if (range === '6to4') return new ipaddr.IPv4([p[1]! >> 8, p[1]! & 0xff, p[2]! >> 8, p[2]! & 0xff]);
  return null;
}

function ruleOf(ip: ipaddr.IPv4 | ipaddr.IPv6): AddressRule | null {
  if (CLOUD_ENDPOINT_ADDRESSES.has(ip.toString())) return 'metadata';
  const range = ip.range();
  if (PUBLIC_RANGES.has(range)) return null;
  return RANGE_RULES[range] ?? 'special';
}

/** Parses an IP literal in any spelling URL hosts use (brackets, short, decimal, hex, octal IPv4). */
export function parseAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  if (!ipaddr.isValid(bare)) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/** Which rule (if any) refuses this IP literal under `policy`; null means the platform may call it. */
export function refuseAddress(address: string, policy: AgentAddresses): AddressVerdict | null {
  const ip = parseAddress(address);
  // Not an address at all: refuse rather than guess (callers pass resolved or literal addresses only).
  if (!ip) return { rule: 'special' };
  const inner = ip.kind() === 'ipv6' ? embeddedIPv4(ip as ipaddr.IPv6) : null;
  const rule = ruleOf(inner ?? ip);
  if (rule === null || (policy === 'private' && RULES[rule].privateAllows)) return null;
  return inner ? { rule, embedded: inner.toString() } : { rule };
}

/** Host names refused by name, before any DNS: metadata services; `localhost` names are loopback. */
export function refuseHostName(host: string, policy: AgentAddresses): AddressVerdict | null {
  const name = host.toLowerCase().replace(/\.+$/, '');
  if (isCloudEndpointName(name)) return { rule: 'metadata' };
  if (policy === 'public' && (name === 'localhost' || name.endsWith('.localhost')))
    return { rule: 'loopback' };
  return null;
}

/** "is a loopback address (AGENT_ADDRESSES=public)", for messages that start with the host. */
export function describeVerdict(v: AddressVerdict, policy: AgentAddresses): string {
  const what = RULES[v.rule].what;
  const because = RULES[v.rule].privateAllows
    ? `(AGENT_ADDRESSES=${policy})`
    : '(refused under every AGENT_ADDRESSES policy)';
  return v.embedded ? `carries ${v.embedded}, ${what} ${because}` : `is ${what} ${because}`;
}

/** One line for the start logs: which policy is in force, and why. */
export function describeAgentAddresses(policy: AgentAddresses, explicit: boolean): string {
  const why = explicit
    ? 'set'
    : `the default ${policy === 'public' ? 'under' : 'outside'} NODE_ENV=production`;
  const what =
    policy === 'public'
      ? 'only public addresses are called'
      : 'agents on this machine and on private networks may be called; set AGENT_ADDRESSES=public on a platform others register agents on';
  return `agent endpoints: AGENT_ADDRESSES=${policy} (${why}): ${what}`;
}
