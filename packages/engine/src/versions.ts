import { ENGINE_VERSION } from './constants';

// Every engine version this engine can still play, and what differs between them. Replays record the
// version that played them; re-running one (verification, statistics, replay viewers) must use that
// version's behaviour or the re-run would not be the game that was played.

/** The behaviours that changed between engine versions; everything else is the same rules. */
export interface EngineTraits {
  /**
   * How the PRNG's initial state comes from the seed. `hash32`: a 32-bit hash of the seed (1.0.0), so at
   * most 2^32 games per seat count, enumerable by an agent. `sha256`: the full 128-bit state taken from a
   * domain-separated SHA-256 of the seed.
   */
  seeding: 'hash32' | 'sha256';
  /**
   * The order in which a forfeit reveals its face-down cards. `slot` (1.0.0) let the order of the events
   * tell which card sat in which slot; `role` (ROLES order) tells nothing a table would not.
   */
  forfeitOrder: 'slot' | 'role';
}

const TRAITS = new Map<string, EngineTraits>([
  ['1.0.0', { seeding: 'hash32', forfeitOrder: 'slot' }],
  ['2.0.0', { seeding: 'sha256', forfeitOrder: 'role' }],
]);

if (!TRAITS.has(ENGINE_VERSION)) throw new Error(`ENGINE_VERSION ${ENGINE_VERSION} has no traits`);

/** Every engine version this engine re-runs, oldest first; the last one is ENGINE_VERSION. */
export const ENGINE_VERSIONS: readonly string[] = Object.freeze([...TRAITS.keys()]);

export function isEngineVersion(v: unknown): v is string {
  return typeof v === 'string' && TRAITS.has(v);
}

/** The traits of a known version; throws a message naming the known ones for any other. */
export function engineTraits(version: string): EngineTraits {
  const t = TRAITS.get(version);
  if (!t) throw new Error(unknownEngineVersion(version));
  return t;
}

/** The message for a replay or state of an engine version this engine does not know. */
export function unknownEngineVersion(version: unknown): string {
  return `unknown engine version ${JSON.stringify(version)}: this engine re-runs ${ENGINE_VERSIONS.join(', ')}`;
}
