import type { TransportDescriptor } from './descriptor';
import { http } from './http';
import { human } from './human';
import { llm } from './llm';
import { ws } from './ws';

// The transports, each declared in its own file. Adding one: a file beside these, a line here, its player
// factory in @coup/gateway (transports/), and its value in prisma/schema.prisma's enum Transport (with a
// migration); docs/DESIGN.md "Transports". The order is the API's (openapi.yaml lists the ids in it).
const ALL = [http, ws, llm, human] as const;

type Any = (typeof ALL)[number];
/** Every transport's id: what `Agent.transport` holds. */
export type TransportId = Any['id'];
/** The transports an account may register (POST /v1/agents). */
export type RegistrableTransportId = Extract<Any, { registrable: true }>['id'];

export const AGENT_TRANSPORT_IDS: readonly TransportId[] = ALL.map((t) => t.id);
export const REGISTRABLE_TRANSPORT_IDS: readonly RegistrableTransportId[] = ALL.filter(
  (t): t is Extract<Any, { registrable: true }> => t.registrable,
).map((t) => t.id);

/** What a registration without a transport gets (POST /v1/agents). */
export const DEFAULT_TRANSPORT: RegistrableTransportId = 'http';

const byId = new Map<string, TransportDescriptor>(ALL.map((t) => [t.id, t]));

export const isTransportId = (id: string): id is TransportId => byId.has(id);

/** The descriptor of `id`; throws on an id no file declares (a row the registry does not know is a bug). */
export function transportOf(id: string): TransportDescriptor<TransportId> {
  const t = byId.get(id);
  if (!t) throw new Error(`unknown transport "${id}": known are ${AGENT_TRANSPORT_IDS.join(', ')}`);
  return t as TransportDescriptor<TransportId>;
}

/** Every descriptor, in the registry's order. */
export const transports = (): readonly TransportDescriptor<TransportId>[] => ALL;
