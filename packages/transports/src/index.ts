// @coup/transports: the registry of transports (descriptors and rules). Pure: the web UI and the CLI import
// it; the player factories are on the Node side (@coup/gateway).
export { defineTransport } from './descriptor';
export type { EndpointRule, TransportDescriptor } from './descriptor';
export {
  DEFAULT_TRANSPORT,
  isTransportId,
  REGISTRABLE_TRANSPORT_IDS,
  AGENT_TRANSPORT_IDS,
  transportOf,
  transports,
} from './registry';
export type { RegistrableTransportId, TransportId } from './registry';
export {
  hasEndpoint,
  isCheckable,
  isPersonSeat,
  isRanked,
  isSeatableByOthers,
  playsHostedModel,
  secretUse,
  socketAuth,
  transportIdsWhere,
} from './rules';
export { registrationIssues } from './registration';
export type { RegistrationIssue } from './registration';
export { HOUSE_ENDPOINT_PREFIX, houseBotOf, parseHouseEndpoint } from './house';
export type { HouseEndpoint } from './house';
