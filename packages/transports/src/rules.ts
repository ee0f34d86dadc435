import { AGENT_TRANSPORT_IDS, transportOf } from './registry';
import type { TransportId } from './registry';

// The questions the rest of the platform asks about an agent's transport, answered from its descriptor:
// the one place that turns a transport id into a decision (no `transport === '...'` elsewhere).

type HasTransport = { transport: string };

/** A person's seat (only at its owner's casual tables). */
export const isPersonSeat = (a: HasTransport): boolean => transportOf(a.transport).person;

/** May join the ranked queue and be entered in events (everything but a person's seat). */
export const isRanked = (a: HasTransport): boolean => !transportOf(a.transport).person;

/** Other accounts may seat or challenge it (given its owner allows challenges). */
export const isSeatableByOthers = (a: HasTransport): boolean => !transportOf(a.transport).person;

/** May be sent a sample decision (POST /v1/agents/:id/check). */
export const isCheckable = (a: HasTransport): boolean => !transportOf(a.transport).person;

/** The platform plays a hosted model for it: model policy, token budget, the llm-agent cap apply. */
export const playsHostedModel = (a: HasTransport): boolean => transportOf(a.transport).hostedModel !== null;

/** Its agent has an endpointUrl the platform calls (and that the address policy checks). */
export const hasEndpoint = (a: HasTransport): boolean =>
  transportOf(a.transport).endpoint.kind === 'required';

/** What its secret is for: signs requests, opens its socket, or nothing (no secret worth rotating). */
export const secretUse = (a: HasTransport) => transportOf(a.transport).secret;

/** How it opens /v1/agents/connect: 'secret' (its own socket), 'ticket' (a person's table), null (never). */
export const socketAuth = (a: HasTransport) => transportOf(a.transport).socket;

/** The ids of the transports a rule holds for: what a database query filters on (`transport: { in: ... }`). */
export const transportIdsWhere = (rule: (a: HasTransport) => boolean): TransportId[] =>
  AGENT_TRANSPORT_IDS.filter((transport) => rule({ transport }));
