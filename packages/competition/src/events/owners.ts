// The matchmaker's rule against self-collusion, for event tables: at most `maxPerOwner` agents of one owner
// at a table (MAX_SEATS_PER_OWNER), house agents exempt, as in the ranked queue.

export interface SeparatedTables {
  /** The tables, each within the limit; none of fewer than 2 seats. */
  tables: string[][];
  /** Entrants who sit this round out: the byes given, after swaps, and whoever no swap could seat. */
  byes: string[];
}

/**
 * Moves surplus agents of an owner to other tables by swapping them with an agent of another owner (the
 * nearest table first: Swiss tables are in standings order, so a swap keeps scores close), else with an
 * entrant who had a bye. A swap never breaks a table already within the limit. An agent no swap can place
 * sits the round out, and so does whoever is left alone at a table: the limit holds whatever the entries.
 * Deterministic. `ownerOf` gives null for an exempt (house) agent.
 */
export function separateOwners(
  tables: readonly (readonly string[])[],
  byes: readonly string[],
  ownerOf: (agentId: string) => string | null,
  maxPerOwner: number,
): SeparatedTables {
  const t = tables.map((x) => [...x]);
  const spare = [...byes];
  const count = (table: readonly string[], owner: string) =>
    table.reduce((n, id) => n + (ownerOf(id) === owner ? 1 : 0), 0);
  for (let i = 0; i < t.length; i++) {
    const table = t[i] as string[];
    for (let k = 0; k < table.length;) {
      const a = table[k] as string;
      const owner = ownerOf(a);
      if (owner === null || count(table, owner) <= maxPerOwner) {
        k++;
        continue;
      }
      // Who may take a's seat: not of a's owner, and of an owner still under the limit at this table.
      const fitsHere = (id: string) => {
        const o = ownerOf(id);
        return o !== owner && (o === null || count(table, o) < maxPerOwner);
      };
      const partner = swapPartner(t, i, (other) => count(other, owner) < maxPerOwner, fitsHere);
      const fromByes = partner ? -1 : spare.findIndex(fitsHere);
      if (partner) {
        const other = t[partner.table] as string[];
        table[k] = other[partner.seat] as string;
        other[partner.seat] = a;
        k++;
      } else if (fromByes >= 0) {
        table[k] = spare[fromByes] as string;
        spare[fromByes] = a;
        k++;
      } else {
        spare.push(a);
        table.splice(k, 1);
      }
    }
  }
  const kept = t.filter((table) => table.length >= 2);
  for (const table of t) if (table.length < 2) spare.push(...table);
  return { tables: kept, byes: spare };
}

/** The nearest other table that `hasRoom`, and its first seat whose agent `fits` the table swapped from. */
function swapPartner(
  t: readonly string[][],
  from: number,
  hasRoom: (table: readonly string[]) => boolean,
  fits: (agentId: string) => boolean,
): { table: number; seat: number } | null {
  for (let d = 1; d < t.length; d++) {
    for (const j of [from + d, from - d]) {
      const table = t[j];
      if (!table || !hasRoom(table)) continue;
      const seat = table.findIndex(fits);
      if (seat >= 0) return { table: j, seat };
    }
  }
  return null;
}
