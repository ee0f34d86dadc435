import type { BehaviourBaseline, GameTypeBaseline, HumanBaselines } from './baselines-schema';
import { ARCHIVE_ACTIONS, ARCHIVE_ROLES, GAME_TYPES } from './format';
import type { ArchiveAction, ArchivePlayerState, ArchiveRole, DecodedGame } from './format';
import { claimedRole } from './timeline';

// Human baselines over a dataset's games: an accumulator of counters only (constant memory however many
// games are added), fed one decoded game at a time by the importer, whose result() is stored in
// human_datasets.baselines. Figures are kept per game type (`original` has our rules), each twice: over every
// player's decisions, and over human players' only ("ai" in playerIds marks a computer player).
//
// How a game is read, turn by turn (a turn is a START_OF_TURN and the events up to the next one):
// - The ACTION claims a role (tax: duke, steal: captain, assassinate: assassin, exchange: ambassador, or the
//   inquisitor in inquisitors games, interrogate: inquisitor); a BLOCK claims its blockingRole.
// - A claim is a bluff when the claimer does not hold the role face-down in the START_OF_TURN states. One
//   case is unknown and not counted as known: a blocker that lost a card earlier in the same turn (a failed
//   challenge of the action) and held the role in exactly one of its face-down cards (which one it gave up
//   is not recorded).
// - A CHALLENGE_* before any BLOCK of the turn challenges the action; after it, the block. SUCCESS means
//   the claim was a bluff (the challenger won). A successful challenge of the action cancels it.
// - Chances, as an agent's decision windows: each other living player (face-down card left, not left the
//   game) may challenge an action's claim; the actor may challenge a block; every other living player may
//   block foreign aid, the target (if still standing after the action's challenge) a steal or an
//   assassination that was not cancelled.

const BLOCKABLE: ReadonlySet<ArchiveAction> = new Set(['foreign-aid', 'steal', 'assassinate']);

const claimOf = claimedRole;

const rate = (n: number, d: number) => (d === 0 ? null : Math.round((n / d) * 1000) / 1000);
const zeros = <K extends string>(keys: readonly K[]) =>
  Object.fromEntries(keys.map((k) => [k, 0])) as Record<K, number>;

const TALLY_COUNTERS = [
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

/** A tally's counters as plain data. */
export type TallyState = Omit<Tally, 'wins' | 'state' | 'merge' | 'claim' | 'result'> & {
  wins: [number, { games: number; seats: { played: number; wins: number }[] }][];
};

/** An accumulator's counters as plain data: what an import worker sends back instead of its games. */
export interface BaselineState {
  games: number;
  byType: Record<
    DecodedGame['gameType'],
    { games: number; gamesWithHumans: number; all: TallyState; humans: TallyState }
  >;
}

/** Counters of one subset (all players, or humans) of one game type. */
class Tally {
  actions = 0;
  actionCounts = zeros(ARCHIVE_ACTIONS);
  roles = Object.fromEntries(
    ARCHIVE_ROLES.map((r) => [r, { actionClaims: 0, blockClaims: 0, known: 0, bluffs: 0 }]),
  ) as Record<ArchiveRole, { actionClaims: number; blockClaims: number; known: number; bluffs: number }>;
  challengeChances = 0;
  challengeableClaims = 0;
  actionChallenges = 0;
  blockChallenges = 0;
  actionChallengesWon = 0;
  blockChallengesWon = 0;
  blockChances = 0;
  blockableActions = 0;
  blocks = 0;
  /** By player count: games, and per seat games played and won. */
  wins = new Map<number, { games: number; seats: { played: number; wins: number }[] }>();

  /** The counters as plain data (structured-clone safe: sent from an import worker thread). */
  state(): TallyState {
    const { wins, ...counters } = this;
    return { ...structuredClone(counters), wins: structuredClone([...wins]) } as TallyState;
  }

  /** Adds another tally's counters (a worker thread's share of the games) to this one. */
  merge(o: TallyState): void {
    for (const k of TALLY_COUNTERS) this[k] += o[k];
    for (const a of ARCHIVE_ACTIONS) this.actionCounts[a] += o.actionCounts[a];
    for (const r of ARCHIVE_ROLES) {
      const mine = this.roles[r];
      const theirs = o.roles[r];
      mine.actionClaims += theirs.actionClaims;
      mine.blockClaims += theirs.blockClaims;
      mine.known += theirs.known;
      mine.bluffs += theirs.bluffs;
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

  claim(role: ArchiveRole, kind: 'actionClaims' | 'blockClaims', bluff: boolean | null): void {
    const r = this.roles[role];
    r[kind]++;
    if (bluff === null) return;
    r.known++;
    if (bluff) r.bluffs++;
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
    return {
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

interface GameTypeTally {
  games: number;
  gamesWithHumans: number;
  all: Tally;
  humans: Tally;
}

const holds = (s: ArchivePlayerState | undefined, role: ArchiveRole) =>
  s?.influence.some((c) => !c.revealed && c.role === role) ?? false;
const faceDown = (s: ArchivePlayerState | undefined) => s?.influence.filter((c) => !c.revealed).length ?? 0;

export interface BaselineAccumulator {
  /** Counts one game (parsed with `decodedGame`; an odd event order is read as far as it makes sense). */
  add(game: DecodedGame): void;
  result(): HumanBaselines;
  /** The counters so far, as plain data. */
  state(): BaselineState;
  /** Adds the counters of another accumulator (its state()): games counted elsewhere, e.g. in a thread. */
  merge(s: BaselineState): void;
}

export function newBaselineAccumulator(): BaselineAccumulator {
  const byType = Object.fromEntries(
    GAME_TYPES.map((t) => [t, { games: 0, gamesWithHumans: 0, all: new Tally(), humans: new Tally() }]),
  ) as Record<DecodedGame['gameType'], GameTypeTally>;
  let games = 0;

  return {
    add(game) {
      games++;
      const gt = byType[game.gameType];
      const human = (p: number) => {
        const id = game.playerIds[p];
        return id !== undefined && id !== 'ai';
      };
      /** The tallies a player's decision counts in. */
      const tallies = (p: number) => (human(p) ? [gt.all, gt.humans] : [gt.all]);
      /** Counts chances of `players`, and one claim/action in each subset where any of them counts. */
      const chances = (players: number[], kind: 'challenge' | 'block') => {
        for (const t of [gt.all, gt.humans]) {
          const mine = t === gt.all ? players : players.filter(human);
          if (kind === 'challenge') {
            t.challengeChances += mine.length;
            if (mine.length > 0) t.challengeableClaims++;
          } else {
            t.blockChances += mine.length;
            if (mine.length > 0) t.blockableActions++;
          }
        }
      };
      gt.games++;
      if (game.playerIds.some((_, p) => human(p))) gt.gamesWithHumans++;

      const left = new Set<number>();
      // The current turn.
      let states: ArchivePlayerState[] | null = null;
      let actor = -1;
      let action: ArchiveAction | null = null;
      let target: number | undefined;
      let cancelled = false;
      let blocked = false;
      let losses = new Map<number, number>();
      const standing = (p: number) => !left.has(p) && faceDown(states?.[p]) - (losses.get(p) ?? 0) > 0;
      const others = () => game.playerIds.map((_, p) => p).filter((p) => p !== actor && standing(p));
      const lose = (p: number) => losses.set(p, (losses.get(p) ?? 0) + 1);

      // Block chances are counted when the block window opens: at the BLOCK, or at the turn's end when
      // nobody blocked (before losses from a challenge of the block).
      const blockWindow = () => {
        if (action && BLOCKABLE.has(action) && !cancelled && !blocked) {
          const eligible =
            action === 'foreign-aid' ? others() : target !== undefined && standing(target) ? [target] : [];
          chances(eligible, 'block');
        }
      };
      const endTurn = () => {
        blockWindow();
        states = null;
        action = null;
      };

      for (const e of game.events) {
        switch (e.type) {
          case 'START_OF_TURN':
            endTurn();
            states = e.playerStates;
            actor = e.whoseTurn;
            target = undefined;
            cancelled = false;
            blocked = false;
            losses = new Map();
            break;
          case 'PLAYER_LEFT':
            left.add(e.player);
            break;
          case 'ACTION': {
            if (!states || action) break;
            action = e.action;
            target = e.target;
            for (const t of tallies(actor)) {
              t.actions++;
              t.actionCounts[e.action]++;
            }
            const role = claimOf(e.action, game.gameType);
            if (!role) break;
            const bluff = !holds(states[actor], role);
            for (const t of tallies(actor)) t.claim(role, 'actionClaims', bluff);
            chances(others(), 'challenge');
            break;
          }
          case 'BLOCK': {
            if (!states || !action || blocked) break;
            blockWindow();
            blocked = true;
            const p = e.blockingPlayer;
            const down = states[p]?.influence.filter((c) => !c.revealed).map((c) => c.role) ?? [];
            const holding = down.filter((r) => r === e.blockingRole).length;
            const unknown = (losses.get(p) ?? 0) > 0 && holding > 0 && holding < down.length;
            for (const t of tallies(p)) {
              t.blocks++;
              t.claim(e.blockingRole, 'blockClaims', unknown ? null : holding === 0);
            }
            chances(standing(actor) ? [actor] : [], 'challenge');
            break;
          }
          case 'CHALLENGE_SUCCESS':
          case 'CHALLENGE_FAIL': {
            if (!states || !action) break;
            const won = e.type === 'CHALLENGE_SUCCESS';
            for (const t of tallies(e.challenger)) {
              if (blocked) {
                t.blockChallenges++;
                if (won) t.blockChallengesWon++;
              } else {
                t.actionChallenges++;
                if (won) t.actionChallengesWon++;
              }
            }
            lose(won ? e.challenged : e.challenger);
            if (won && !blocked) cancelled = true;
            break;
          }
          case 'GAME_OVER':
            endTurn();
            break;
        }
      }

      for (const t of [gt.all, gt.humans]) {
        const seats = game.playerIds.map((_, p) => p).filter((p) => t === gt.all || human(p));
        if (seats.length === 0) continue;
        let w = t.wins.get(game.playerCount);
        if (!w) t.wins.set(game.playerCount, (w = { games: 0, seats: [] }));
        w.games++;
        for (const p of seats) {
          while (w.seats.length <= p) w.seats.push({ played: 0, wins: 0 });
          const s = w.seats[p]!;
          s.played++;
          if (p === game.winner) s.wins++;
        }
      }
    },

    state() {
      const byTypeState = Object.fromEntries(
        GAME_TYPES.map((t) => {
          const g = byType[t];
          const st = { games: g.games, gamesWithHumans: g.gamesWithHumans };
          return [t, { ...st, all: g.all.state(), humans: g.humans.state() }];
        }),
      ) as BaselineState['byType'];
      return { games, byType: byTypeState };
    },

    merge(st) {
      games += st.games;
      for (const t of GAME_TYPES) {
        const g = byType[t];
        const o = st.byType[t];
        g.games += o.games;
        g.gamesWithHumans += o.gamesWithHumans;
        g.all.merge(o.all);
        g.humans.merge(o.humans);
      }
    },

    result() {
      const out = Object.fromEntries(
        GAME_TYPES.map((t): [string, GameTypeBaseline] => {
          const g = byType[t];
          return [
            t,
            {
              games: g.games,
              gamesWithHumans: g.gamesWithHumans,
              all: g.all.result(),
              humans: g.humans.result(),
            },
          ];
        }),
      ) as HumanBaselines['byGameType'];
      return { version: 1, games, byGameType: out };
    },
  };
}
