// The built-in bots (house agents) are stored as http agents with an endpoint `bot:<kind>` and play
// in-process; `bot:<kind>?noise=0.3` is a handicapped bot: it plays a random legal action 30% of the time.
// The CLI names a bot the same way (`coup play bot:heuristic ...`).

export const HOUSE_ENDPOINT_PREFIX = 'bot:';

export interface HouseEndpoint {
  kind: string;
  /** Share of decisions played at random, 0..1. */
  noise: number;
}

export function parseHouseEndpoint(endpoint: string): HouseEndpoint | null {
  if (!endpoint.startsWith(HOUSE_ENDPOINT_PREFIX)) return null;
  const [kind = '', query = ''] = endpoint.slice(HOUSE_ENDPOINT_PREFIX.length).split('?');
  const noise = Number(new URLSearchParams(query).get('noise') ?? 0);
  return { kind, noise: Number.isFinite(noise) ? Math.min(1, Math.max(0, noise)) : 0 };
}

/** A house agent row plays as a built-in bot: this is its bot (null for every other agent). */
export function houseBotOf(agent: { isHouse: boolean; endpointUrl: string | null }): HouseEndpoint | null {
  return agent.isHouse ? parseHouseEndpoint(agent.endpointUrl ?? '') : null;
}
