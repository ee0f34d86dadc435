// Finds hidden information in anything a seat (or a spectator, seat null) receives: another seat's
// face-down cards (a `cards` list or `drawn` roles of a seat that is not the viewer), the deck, a deal, or
// the private fields of events (a replacement card, exchanged roles, the slot of a shown or lost card) of
// another seat.

const PRIVATE_EVENT_FIELDS: Record<string, readonly string[]> = {
  card_shown: ['slot', 'replacement'],
  influence_lost: ['slot'],
  exchange_drawn: ['roles'],
  exchange_returned: ['returned'],
};

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

/** Paths (like `decisions.3.request.state.you.cards`) where `value` shows what `seat` may not know. */
export function hiddenInfoLeaks(value: unknown, seat: number | null): string[] {
  const leaks: string[] = [];
  const walk = (v: Json, path: string) => {
    if (Array.isArray(v)) {
      v.forEach((x, i) => walk(x, `${path}.${i}`));
      return;
    }
    if (v === null || typeof v !== 'object') return;
    const owner = typeof v.seat === 'number' ? v.seat : undefined;
    if ('cards' in v && Array.isArray(v.cards) && owner !== seat) leaks.push(`${path}.cards (seat ${owner})`);
    if ('drawn' in v && Array.isArray(v.drawn) && owner !== seat) leaks.push(`${path}.drawn (seat ${owner})`);
    for (const key of ['deck', 'hands', 'rng', 'setup']) {
      if (key in v && typeof v[key] === 'object' && v[key] !== null) leaks.push(`${path}.${key}`);
    }
    const kind = typeof v.type === 'string' ? v.type : typeof v.event === 'string' ? v.event : undefined;
    for (const field of kind ? (PRIVATE_EVENT_FIELDS[kind] ?? []) : []) {
      if (field in v && owner !== seat) leaks.push(`${path}.${field} (${kind} of seat ${owner})`);
    }
    for (const [k, x] of Object.entries(v)) walk(x, path ? `${path}.${k}` : k);
  };
  walk(value as Json, '');
  return leaks;
}

/** How many private event fields (of any seat) a full replay holds: a leak check on it is meaningful. */
export function privateEventFields(events: { type: string; seat?: number }[]): number {
  return events.filter((e) => (PRIVATE_EVENT_FIELDS[e.type] ?? []).some((field) => field in e)).length;
}
