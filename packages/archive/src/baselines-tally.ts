import { FIGURES, type Figure, ARCHIVE_ACTIONS, ARCHIVE_ROLES } from '@coup/archive-format';
import type { BehaviourBaseline, ArchiveRole } from '@coup/archive-format';

// The counters of one subset of players (everyone, or people) of one game type, as baselines.ts counts
// them, and the figures they give. Besides each figure's decisions (its denominator), a tally counts how
// many games each figure rests on: a game counts for a figure when it gave that figure a decision.

const rate = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1000) / 1000);
const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

const TALLY_COUNTERS = [
  'games',
  'actions',
  'challengeChances',
  'challengeableClaims',
  'actionChallenges',
  'blockChallenges',
  'actionChallengesWon',
  'blockChallengesWon',
  'blockChances',
  'blockableActions',
  'blocks',
] as const;

const BIT = Object.fromEntries([...FIGURES, ...ARCHIVE_ROLES].map((name, k) => [name, 1 << k])) as Record<
  Figure | ArchiveRole,
  number
>;

type RoleCounts = { actionClaims: number; blockClaims: number; known: number; bluffs: number; games: number };
type Wins = { games: number; seats: { played: number; wins: number }[] };

/** A tally's counters as plain data. */
export type TallyState = Pick<
  Tally,
  (typeof TALLY_COUNTERS)[number] | 'actionCounts' | 'roles' | 'figureGames'
> & {
  wins: [number, Wins][];
};

export class Tally {
  /** Games counted in this subset (for people: games with at least one person). */
  games = 0;
  actions = 0;
  actionCounts = zeros(ARCHIVE_ACTIONS);
  roles = Object.fromEntries(
    ARCHIVE_ROLES.map((r) => [r, { actionClaims: 0, blockClaims: 0, known: 0, bluffs: 0, games: 0 }]),
  ) as Record<ArchiveRole, RoleCounts>;
  challengeChances = 0;
  challengeableClaims = 0;
  actionChallenges = 0;
  blockChallenges = 0;
  actionChallengesWon = 0;
  blockChallengesWon = 0;
  blockChances = 0;
  blockableActions = 0;
  blocks = 0;
  /** Per figure, the games it rests on. */
  figureGames = zeros(FIGURES);
  /** By player count: games, and per seat games played and won. */
  wins = new Map<number, Wins>();
  /** What the game being counted gave a decision to: one bit per figure, then per role (runs per decision). */
  private touched = 0;

  /** Notes that the current game gave `f` a decision. */
  touch(f: Figure | ArchiveRole): void {
    this.touched |= BIT[f];
  }

  /** The current game is counted: its figures' game counts go up. */
  endGame(): void {
    this.games++;
    if (this.touched === 0) return;
    FIGURES.forEach((f, k) => {
      if (this.touched & (1 << k)) this.figureGames[f]++;
    });
    ARCHIVE_ROLES.forEach((r, k) => {
      if (this.touched & (1 << (FIGURES.length + k))) this.roles[r].games++;
    });
    this.touched = 0;
  }

  claim(role: ArchiveRole, kind: 'actionClaims' | 'blockClaims', bluff: boolean | null): void {
    const r = this.roles[role];
    r[kind]++;
    if (bluff === null) return;
    r.known++;
    if (bluff) r.bluffs++;
    this.touch('bluffRate');
    this.touch(role);
  }

  /** The counters as plain data (structured-clone safe: sent from an import worker thread). */
  state(): TallyState {
    const counters = Object.fromEntries(TALLY_COUNTERS.map((k) => [k, this[k]]));
    return {
      ...(counters as Pick<Tally, (typeof TALLY_COUNTERS)[number]>),
      actionCounts: { ...this.actionCounts },
      roles: structuredClone(this.roles),
      figureGames: { ...this.figureGames },
      wins: structuredClone([...this.wins]),
    };
  }

  /** Adds another tally's counters (a worker thread's share of the games) to this one. */
  merge(o: TallyState): void {
    for (const k of TALLY_COUNTERS) this[k] += o[k];
    for (const a of ARCHIVE_ACTIONS) this.actionCounts[a] += o.actionCounts[a];
    for (const f of FIGURES) this.figureGames[f] += o.figureGames[f];
    for (const r of ARCHIVE_ROLES) {
      const mine = this.roles[r];
      const theirs = o.roles[r];
      mine.actionClaims += theirs.actionClaims;
      mine.blockClaims += theirs.blockClaims;
      mine.known += theirs.known;
      mine.bluffs += theirs.bluffs;
      mine.games += theirs.games;
    }
    for (const [playerCount, w] of o.wins) {
      let mine = this.wins.get(playerCount);
      if (!mine) this.wins.set(playerCount, (mine = { games: 0, seats: [] }));
      mine.games += w.games;
      w.seats.forEach((s, p) => {
        while (mine.seats.length <= p) mine.seats.push({ played: 0, wins: 0 });
        mine.seats[p]!.played += s.played;
        mine.seats[p]!.wins += s.wins;
      });
    }
  }

  result(): BehaviourBaseline {
    const roles = Object.fromEntries(
      ARCHIVE_ROLES.map((role) => {
        const r = this.roles[role];
        const claims = r.actionClaims + r.blockClaims;
        return [role, { claims, ...r, bluffRate: rate(r.bluffs, r.known) }];
      }),
    ) as BehaviourBaseline['roles'];
    const sum = (f: (r: BehaviourBaseline['roles'][ArchiveRole]) => number) =>
      ARCHIVE_ROLES.reduce((n, role) => n + f(roles[role]), 0);
    const claims = sum((r) => r.claims);
    const known = sum((r) => r.known);
    const bluffs = sum((r) => r.bluffs);
    const challenges = this.actionChallenges + this.blockChallenges;
    const challengesWon = this.actionChallengesWon + this.blockChallengesWon;
    const decisions: Record<Figure, number> = {
      actionMix: this.actions,
      bluffRate: known,
      challengeRate: this.challengeChances,
      claimChallengeRate: this.challengeableClaims,
      challengeSuccess: challenges,
      blockChallengeSuccess: this.blockChallenges,
      blockRate: this.blockChances,
      actionBlockRate: this.blockableActions,
    };
    return {
      games: this.games,
      basis: Object.fromEntries(
        FIGURES.map((f) => [f, { games: this.figureGames[f], decisions: decisions[f] }]),
      ) as BehaviourBaseline['basis'],
      actions: this.actions,
      actionMix: Object.fromEntries(
        ARCHIVE_ACTIONS.map((a) => [
          a,
          { count: this.actionCounts[a], share: rate(this.actionCounts[a], this.actions) },
        ]),
      ) as BehaviourBaseline['actionMix'],
      roles,
      claims,
      known,
      bluffs,
      bluffRate: rate(bluffs, known),
      challengeChances: this.challengeChances,
      challengeableClaims: this.challengeableClaims,
      challenges,
      actionChallenges: this.actionChallenges,
      blockChallenges: this.blockChallenges,
      challengesWon,
      blockChallengesWon: this.blockChallengesWon,
      challengeRate: rate(challenges, this.challengeChances),
      claimChallengeRate: rate(challenges, this.challengeableClaims),
      challengeSuccess: rate(challengesWon, challenges),
      blockChallengeSuccess: rate(this.blockChallengesWon, this.blockChallenges),
      blockChances: this.blockChances,
      blockableActions: this.blockableActions,
      blocks: this.blocks,
      blockRate: rate(this.blocks, this.blockChances),
      actionBlockRate: rate(this.blocks, this.blockableActions),
      winRates: [...this.wins.entries()]
        .sort(([a], [b]) => a - b)
        .map(([playerCount, w]) => {
          const played = w.seats.reduce((n, s) => n + s.played, 0);
          const won = w.seats.reduce((n, s) => n + s.wins, 0);
          return {
            playerCount,
            games: w.games,
            winRate: rate(won, played),
            seats: w.seats.map((s, seat) => ({ seat, ...s, winRate: rate(s.wins, s.played) })),
          };
        }),
    };
  }
}
