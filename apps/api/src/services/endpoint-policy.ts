import { checkEndpointUrl, EndpointNotAllowedError } from '@coup/platform';
import type { AgentAddresses, Resolver } from '@coup/platform';
import { HttpError } from '../errors';

/** The API's answer to an endpoint the AGENT_ADDRESSES policy refuses: a 400 that names the rule. */
export function endpointNotAllowed(err: EndpointNotAllowedError, policy: AgentAddresses): HttpError {
  return new HttpError(400, 'endpoint_not_allowed', err.message, {
    rule: err.rule,
    policy,
    ...(err.address !== undefined ? { address: err.address } : {}),
  });
}

/**
 * Checked at registration and at every change of the URL (host names are resolved: each address must
 * pass), and again at every connection by the transports' guarded connector.
 */
export async function assertEndpointAllowed(
  url: string,
  policy: AgentAddresses,
  resolve?: Resolver,
): Promise<void> {
  try {
    await checkEndpointUrl(url, policy, resolve);
  } catch (err) {
    if (err instanceof EndpointNotAllowedError) throw endpointNotAllowed(err, policy);
    throw err;
  }
}
