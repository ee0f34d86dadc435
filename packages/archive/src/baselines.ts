import { Tally, type TallyState } from './baselines-tally';
import { GAME_TYPES, UNKNOWN_PLAYER, claimedRole } from '@coup/archive-format';
import type {
  GameTypeBaseline,
  HumanBaselines,
  ArchiveAction,
  ArchivePlayerState,
  ArchiveRole,
  DecodedGame,
} from '@coup/archive-format';

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

export function newBaselineAccumulator(): BaselineAccumulator {
  const byType = Object.fromEntries(
    GAME_TYPES.map((t) => [t, { games: 0, gamesWithHumans: 0, all: new Tally(), humans: new Tally() }]),
  ) as Record<DecodedGame['gameType'], GameTypeTally>;
  let games = 0;

  return {
    add(game) {
      games++;
      const gt = byType[game.gameType];
      /** A person: a seat not marked "ai" (an id the archive lost is a person who left). */
      const human = (p: number) => p >= 0 && p < game.playerCount && game.playerIds[p] !== 'ai';
      /** The tallies a player's decision counts in (a blocker the archive does not name: everyone's only). */
      const tallies = (p: number) => (human(p) ? [gt.all, gt.humans] : [gt.all]);
      /** Counts chances of `players`, and one claim/action in each subset where any of them counts. */
      const chances = (players: number[], kind: 'challenge' | 'block') => {
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
      };
      gt.games++;
      const withPeople = game.playerIds.some((_, p) => human(p));
      if (withPeople) gt.gamesWithHumans++;

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
              t.touch('actionMix');
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
            const unknown =
              p === UNKNOWN_PLAYER || ((losses.get(p) ?? 0) > 0 && holding > 0 && holding < down.length);
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
              t.touch('challengeSuccess');
              if (blocked) t.touch('blockChallengeSuccess');
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

      gt.all.endGame();
      if (withPeople) gt.humans.endGame();
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
      return { version: 2, games, byGameType: out };
    },
  };
}
