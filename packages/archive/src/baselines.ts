import { GAME_TYPES, UNKNOWN_PLAYER, claimedRole } from '@coup/archive-format';
import type {
  GameTypeBaseline,
  HumanBaselines,
  ArchiveAction,
  ArchivePlayerState,
  ArchiveRole,
  DecodedGame,
} from '@coup/archive-format';
import { Tally, type TallyState } from './baselines-tally';

// Human baselines over a dataset's games: an accumulator of counters only (constant memory however many
// games are added), fed one decoded game at a time by the importer, whose result() is stored in
// human_datasets.baselines. Figures are kept per game type (`original` has our rules), each twice: over every
// player's decisions, and over people's only: a seat is a person unless marked "ai" (the archive's computer
// players); a seat whose id the archive lost is a person who left (its computer players never leave).
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

/** An accumulator's counters as plain data: what an import worker sends back instead of its games. */
export interface BaselineState {
  games: number;
  byType: Record<
    DecodedGame['gameType'],
    { games: number; gamesWithHumans: number; all: TallyState; humans: TallyState }
  >;
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

/** Who a game's decisions count for: every player's tally, and people's for a person's. */
interface Seats {
  /** A person: a seat not marked "ai" (an id the archive lost is a person who left). */
  human(p: number): boolean;
  /** The tallies a player's decision counts in (a blocker the archive does not name: everyone's only). */
  tallies(p: number): Tally[];
  /** Counts chances of `players`, and one claim/action in each subset where any of them counts. */
  chances(players: number[], kind: 'challenge' | 'block'): void;
}

function seatsOf(gt: GameTypeTally, game: DecodedGame): Seats {
  const human = (p: number) => p >= 0 && p < game.playerCount && game.playerIds[p] !== 'ai';
  return {
    human,
    tallies: (p) => (human(p) ? [gt.all, gt.humans] : [gt.all]),
    chances(players, kind) {
      for (const t of [gt.all, gt.humans]) {
        const mine = t === gt.all ? players : players.filter(human);
        if (mine.length === 0) continue;
        if (kind === 'challenge') {
          t.challengeChances += mine.length;
          t.challengeableClaims++;
          t.touch('challengeRate');
          t.touch('claimChallengeRate');
        } else {
          t.blockChances += mine.length;
          t.blockableActions++;
          t.touch('blockRate');
          t.touch('actionBlockRate');
        }
      }
    },
  };
}

/** The turn being read: from its START_OF_TURN to the next. */
interface Turn {
  states: ArchivePlayerState[] | null;
  actor: number;
  action: ArchiveAction | null;
  target: number | undefined;
  cancelled: boolean;
  blocked: boolean;
  /** Cards each player lost in this turn so far. */
  losses: Map<number, number>;
}

/** Reads one game's events turn by turn into the tallies of its game type. */
function countEvents(game: DecodedGame, seats: Seats): void {
  const left = new Set<number>();
  const turn: Turn = {
    states: null,
    actor: -1,
    action: null,
    target: undefined,
    cancelled: false,
    blocked: false,
    losses: new Map(),
  };
  const standing = (p: number) => !left.has(p) && faceDown(turn.states?.[p]) - (turn.losses.get(p) ?? 0) > 0;
  const others = () => game.playerIds.map((_, p) => p).filter((p) => p !== turn.actor && standing(p));

  // Block chances are counted when the block window opens: at the BLOCK, or at the turn's end when
  // nobody blocked (before losses from a challenge of the block).
  const blockWindow = () => {
    const { action, target } = turn;
    if (action && BLOCKABLE.has(action) && !turn.cancelled && !turn.blocked) {
      const eligible =
        action === 'foreign-aid' ? others() : target !== undefined && standing(target) ? [target] : [];
      seats.chances(eligible, 'block');
    }
  };
  const endTurn = () => {
    blockWindow();
    turn.states = null;
    turn.action = null;
  };

  for (const e of game.events) {
    switch (e.type) {
      case 'START_OF_TURN':
        endTurn();
        Object.assign(turn, {
          states: e.playerStates,
          actor: e.whoseTurn,
          target: undefined,
          cancelled: false,
          blocked: false,
          losses: new Map(),
        });
        break;
      case 'PLAYER_LEFT':
        left.add(e.player);
        break;
      case 'ACTION': {
        const { states, actor } = turn;
        if (!states || turn.action) break;
        turn.action = e.action;
        turn.target = e.target;
        for (const t of seats.tallies(actor)) {
          t.actions++;
          t.actionCounts[e.action]++;
          t.touch('actionMix');
        }
        const role = claimOf(e.action, game.gameType);
        if (!role) break;
        const bluff = !holds(states[actor], role);
        for (const t of seats.tallies(actor)) t.claim(role, 'actionClaims', bluff);
        seats.chances(others(), 'challenge');
        break;
      }
      case 'BLOCK': {
        if (!turn.states || !turn.action || turn.blocked) break;
        blockWindow();
        turn.blocked = true;
        const p = e.blockingPlayer;
        const down = turn.states[p]?.influence.filter((c) => !c.revealed).map((c) => c.role) ?? [];
        const holding = down.filter((r) => r === e.blockingRole).length;
        const unknown =
          p === UNKNOWN_PLAYER || ((turn.losses.get(p) ?? 0) > 0 && holding > 0 && holding < down.length);
        for (const t of seats.tallies(p)) {
          t.blocks++;
          t.claim(e.blockingRole, 'blockClaims', unknown ? null : holding === 0);
        }
        seats.chances(standing(turn.actor) ? [turn.actor] : [], 'challenge');
        break;
      }
      case 'CHALLENGE_SUCCESS':
      case 'CHALLENGE_FAIL': {
        if (!turn.states || !turn.action) break;
        const won = e.type === 'CHALLENGE_SUCCESS';
        countChallenge(seats.tallies(e.challenger), turn.blocked, won);
        const loser = won ? e.challenged : e.challenger;
        turn.losses.set(loser, (turn.losses.get(loser) ?? 0) + 1);
        if (won && !turn.blocked) turn.cancelled = true;
        break;
      }
      case 'GAME_OVER':
        endTurn();
        break;
    }
  }
}

/** A challenge of the action or (once blocked) of the block, won or not. */
function countChallenge(tallies: Tally[], ofBlock: boolean, won: boolean): void {
  for (const t of tallies) {
    t.touch('challengeSuccess');
    if (ofBlock) {
      t.touch('blockChallengeSuccess');
      t.blockChallenges++;
      if (won) t.blockChallengesWon++;
    } else {
      t.actionChallenges++;
      if (won) t.actionChallengesWon++;
    }
  }
}

/** The game's seats and winner, by player count, in every player's tally and people's. */
function countWins(gt: GameTypeTally, game: DecodedGame, seats: Seats): void {
  for (const t of [gt.all, gt.humans]) {
    const played = game.playerIds.map((_, p) => p).filter((p) => t === gt.all || seats.human(p));
    if (played.length === 0) continue;
    let w = t.wins.get(game.playerCount);
    if (!w) t.wins.set(game.playerCount, (w = { games: 0, seats: [] }));
    w.games++;
    for (const p of played) {
      while (w.seats.length <= p) w.seats.push({ played: 0, wins: 0 });
      const s = w.seats[p]!;
      s.played++;
      if (p === game.winner) s.wins++;
    }
  }
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
      const seats = seatsOf(gt, game);
      gt.games++;
      const withPeople = game.playerIds.some((_, p) => seats.human(p));
      if (withPeople) gt.gamesWithHumans++;
      countEvents(game, seats);
      gt.all.endGame();
      if (withPeople) gt.humans.endGame();
      countWins(gt, game, seats);
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
      return { version: 2, games, byGameType: out };
    },
  };
}
