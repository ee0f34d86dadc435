import { isIP } from 'node:net';
import { buildConnector } from 'undici';
import type { AgentAddresses } from './address-policy';
import { checkHost, systemResolver } from './endpoint-check';
import type { Resolver } from './endpoint-check';

/**
 * An undici connector that opens sockets only to addresses `policy` allows. It resolves the host itself,
 * checks every address, and hands the checked address (not the name) to the real connector, so a name
 * that re-resolves elsewhere between check and connect (DNS rebinding) cannot move the socket. TLS still
 * verifies the certificate against the name (servername). A refusal fails the connection with an
 * EndpointNotAllowedError (code ENDPOINT_NOT_ALLOWED): the decision gets a `transport_error` fault.
 */
export function guardedConnector(
  policy: AgentAddresses,
  resolve: Resolver = systemResolver,
  connect: buildConnector.connector = buildConnector({}),
): buildConnector.connector {
  return (options, callback) => {
    const host = options.hostname;
    checkHost(host, policy, resolve).then(
      (address) => {
        const servername = options.servername ?? (isIP(host) ? undefined : host);
        connect({ ...options, hostname: address, ...(servername ? { servername } : {}) }, callback);
      },
      (err: Error) => callback(err, null),
    );
  };
}
