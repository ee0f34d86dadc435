// What the platform knows about one transport: how an agent of it is reached and what it may do. Pure data,
// no I/O, so the web UI, the CLI, the API contract and the servers read the same rules. A transport's
// player factory (how it plays a match) lives on the Node side (@coup/gateway transports/).

/** What an agent's endpointUrl is for this transport, and what a registration without/with one is told. */
export type EndpointRule = { kind: 'required'; missing: string } | { kind: 'forbidden'; present: string };

export interface TransportDescriptor<Id extends string = string> {
  /** The stored value (prisma/schema.prisma enum Transport) and the API's `transport`. */
  readonly id: Id;
  /** Short name shown in lists. */
  readonly label: string;
  /** One line for the registration form: how the platform reaches such an agent. */
  readonly summary: string;
  /** POST /v1/agents accepts it (a person's seat is created by the platform, never registered). */
  readonly registrable: boolean;
  /** Whether it has an endpointUrl (the platform calls it) or must not have one. */
  readonly endpoint: EndpointRule;
  /**
   * The platform plays a hosted language model for it: a modelName from LLM_MODELS (what a registration
   * without one is told), the owner's daily token budget, MAX_LLM_AGENTS_PER_ACCOUNT. null: no model.
   */
  readonly hostedModel: { missing: string } | null;
  /** What its secret is for: it signs the requests the platform sends, it opens the agent's socket, nothing. */
  readonly secret: 'signs' | 'connects' | 'none';
  /** It opens a WebSocket to /v1/agents/connect: with its secret, with a table ticket, or never. */
  readonly socket: 'secret' | 'ticket' | null;
  /**
   * A person's seat: it sits only at casual tables its owner opens, so it is never ranked, never entered
   * in events, never seated or challenged by others, never sent a sample decision (/check).
   */
  readonly person: boolean;
}

/** Declares a transport, keeping its id's literal type (the registry's union of ids is built from these). */
export function defineTransport<const Id extends string, const R extends boolean>(
  d: TransportDescriptor<Id> & { registrable: R },
): TransportDescriptor<Id> & { registrable: R } {
  return Object.freeze(d);
}
