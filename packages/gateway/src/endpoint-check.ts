import { lookup } from 'node:dns/promises';
import { describeVerdict, parseAddress, refuseAddress, refuseHostName } from './address-policy';
import type { AddressRule, AgentAddresses } from './address-policy';
import { hasUserinfo } from './url-userinfo';

/** Every address a host name resolves to (injected in tests: they never use real DNS). */
export type Resolver = (host: string) => Promise<string[]>;

export const systemResolver: Resolver = async (host) =>
  (await lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** A resolution that never answers must not hold a registration (or a connection) forever. */
const RESOLVE_TIMEOUT_MS = 5000;

export type EndpointRule = AddressRule | 'userinfo' | 'scheme' | 'unresolvable';

/** Why the platform will not call a host or URL: `message` is ready for an API error or a fault. */
export class EndpointNotAllowedError extends Error {
  readonly code = 'ENDPOINT_NOT_ALLOWED';

  constructor(
    readonly rule: EndpointRule,
    message: string,
    readonly address?: string,
  ) {
    super(message);
    this.name = 'EndpointNotAllowedError';
  }
}

async function resolveAll(host: string, resolve: Resolver): Promise<string[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error('timed out'), { code: 'ETIMEOUT' })),
      RESOLVE_TIMEOUT_MS,
    );
  });
  try {
    return await Promise.race([resolve(host), timeout]);
  } catch (err) {
    const code = (err as { code?: string }).code ?? 'error';
    throw new EndpointNotAllowedError('unresolvable', `${host} could not be resolved (${code})`);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Checks a host (an IP literal in any spelling, or a name) under `policy` and returns the address to
 * connect to. A name is resolved and every address it resolves to must pass: an attacker's name that
 * answers with one public and one internal address is refused, not raced. Throws EndpointNotAllowedError.
 */
export async function checkHost(
  host: string,
  policy: AgentAddresses,
  resolve: Resolver = systemResolver,
): Promise<string> {
  const literal = parseAddress(host);
  if (literal) {
    const verdict = refuseAddress(host, policy);
    if (verdict)
      throw new EndpointNotAllowedError(verdict.rule, `${host} ${describeVerdict(verdict, policy)}`, host);
    return literal.toString();
  }
  const byName = refuseHostName(host, policy);
  if (byName) throw new EndpointNotAllowedError(byName.rule, `${host} ${describeVerdict(byName, policy)}`);
  const addresses = await resolveAll(host, resolve);
  if (addresses.length === 0) {
    throw new EndpointNotAllowedError('unresolvable', `${host} resolves to no address`);
  }
  for (const address of addresses) {
    const verdict = refuseAddress(address, policy);
    if (verdict) {
      throw new EndpointNotAllowedError(
        verdict.rule,
        `${host} resolves to ${address}, which ${describeVerdict(verdict, policy)}`,
        address,
      );
    }
  }
  return addresses[0]!;
}

/**
 * Checks an agent endpoint URL: http(s) only, no userinfo (not even an empty `@` or `:@`, which the parser
 * drops), and a host `checkHost` accepts. The WHATWG parser has already turned 2852039166, 0xa9fea9fe,
 * 0251.0376.0251.0376 and 127.1 into dotted IPv4.
 */
export async function checkEndpointUrl(
  url: string,
  policy: AgentAddresses,
  resolve: Resolver = systemResolver,
): Promise<void> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new EndpointNotAllowedError('scheme', 'endpointUrl is not a URL');
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new EndpointNotAllowedError('scheme', 'endpointUrl must be an http:// or https:// URL');
  }
  if (hasUserinfo(url) || parsed.username || parsed.password) {
    throw new EndpointNotAllowedError(
      'userinfo',
      'endpointUrl must not carry a user name or password (user:pass@, not even an empty @): authenticate requests with the agent secret',
    );
  }
  try {
    await checkHost(parsed.hostname, policy, resolve);
  } catch (err) {
    if (err instanceof EndpointNotAllowedError) {
      throw new EndpointNotAllowedError(err.rule, `endpointUrl host ${err.message}`, err.address);
    }
    throw err;
  }
}
