import type { ArchiveEvent } from '@coup/archive-format';

// The archive's event grammar (docs/ARCHIVE.md):
//   (START_OF_TURN PLAYER_LEFT* ACTION PLAYER_LEFT* (CHALLENGE_SUCCESS|CHALLENGE_FAIL)? PLAYER_LEFT*
//    (BLOCK PLAYER_LEFT* (CHALLENGE_SUCCESS|CHALLENGE_FAIL)? PLAYER_LEFT*)?
//   | START_OF_TURN PLAYER_LEFT+)* GAME_OVER
// The second kind of turn has no ACTION: the seat to move left and the server passed the turn on (its
// archive description omits it, its recordings have it).
// parseTurns reads a game's events into turns (one per START_OF_TURN) so the checker, the engine re-play
// and the baselines all walk the same structure instead of re-deriving it.

type Ev<T extends ArchiveEvent['type']> = Extract<ArchiveEvent, { type: T }>;
export type StartEvent = Ev<'START_OF_TURN'>;
export type ActionEvent = Ev<'ACTION'>;
export type BlockEvent = Ev<'BLOCK'>;
export type GameOverEvent = Ev<'GAME_OVER'>;

export interface ChallengeOutcome {
  /** SUCCESS: the challenger won (the challenged did not hold the role); FAIL: the challenged held it. */
  success: boolean;
  challenger: number;
  challenged: number;
}

/** Where in the turn a PLAYER_LEFT came: before the action, after it, after its challenge, ... */
export type LeftAt =
  'before_action' | 'after_action' | 'after_challenge' | 'after_block' | 'after_block_challenge';

export interface ArchiveTurn {
  /** Index of the turn's START_OF_TURN in the game's events. */
  index: number;
  start: StartEvent;
  /** Null when the turn ended before an action (the seat to move left: see `left`). */
  action: ActionEvent | null;
  actionChallenge: ChallengeOutcome | null;
  block: BlockEvent | null;
  blockChallenge: ChallengeOutcome | null;
  left: { player: number; at: LeftAt }[];
  /** The snapshot that closes the turn: the next START_OF_TURN or the GAME_OVER. */
  next: StartEvent | GameOverEvent;
}

export interface ParsedGame {
  turns: ArchiveTurn[];
  gameOver: GameOverEvent;
}

export type ParseResult = { ok: true; game: ParsedGame } | { ok: false; at: number; detail: string };

type Place = 'between' | LeftAt;

function challengeOf(e: Ev<'CHALLENGE_SUCCESS'> | Ev<'CHALLENGE_FAIL'>): ChallengeOutcome {
  return { success: e.type === 'CHALLENGE_SUCCESS', challenger: e.challenger, challenged: e.challenged };
}

// The checker, the blocker repair and the re-play each read a game's turns: parse each events array once.
const parsed = new WeakMap<readonly ArchiveEvent[], ParseResult>();

/** Splits events into turns, or says at which event the grammar breaks. Never throws. */
export function parseTurns(events: readonly ArchiveEvent[]): ParseResult {
  let r = parsed.get(events);
  if (!r) {
    r = parse(events);
    parsed.set(events, r);
  }
  return r;
}

function parse(events: readonly ArchiveEvent[]): ParseResult {
  const turns: ArchiveTurn[] = [];
  let place: Place = 'between';
  // The turn being read; its `action` and `next` are filled in as they come (checked before it is kept).
  let open: ArchiveTurn | null = null;
  let action: ActionEvent | null = null;
  const bad = (at: number, detail: string): ParseResult => ({ ok: false, at, detail });

  for (let i = 0; i < events.length; i++) {
    const e = events[i]!;
    switch (e.type) {
      case 'START_OF_TURN':
      case 'GAME_OVER': {
        if (place === 'before_action' && open?.left.length === 0)
          return bad(i, `${e.type} before the turn's ACTION`);
        if (open) {
          open.action = action;
          open.next = e;
          turns.push(open);
        }
        if (e.type === 'GAME_OVER') {
          if (i !== events.length - 1) return bad(i + 1, 'events after GAME_OVER');
          return { ok: true, game: { turns, gameOver: e } };
        }
        open = {
          index: i,
          start: e,
          action: null as never,
          actionChallenge: null,
          block: null,
          blockChallenge: null,
          left: [],
          next: null as never,
        };
        action = null;
        place = 'before_action';
        break;
      }
      case 'ACTION':
        if (place !== 'before_action' || !open) return bad(i, 'ACTION not right after a START_OF_TURN');
        action = e;
        place = 'after_action';
        break;
      case 'PLAYER_LEFT':
        // A PLAYER_LEFT may come anywhere inside a turn; before the first START_OF_TURN it has no turn.
        if (!open) return bad(i, 'PLAYER_LEFT before the first START_OF_TURN');
        open.left.push({ player: e.player, at: place as LeftAt });
        break;
      case 'CHALLENGE_SUCCESS':
      case 'CHALLENGE_FAIL':
        if (!open) return bad(i, `${e.type} outside a turn`);
        if (place === 'after_action') {
          open.actionChallenge = challengeOf(e);
          place = 'after_challenge';
        } else if (place === 'after_block') {
          open.blockChallenge = challengeOf(e);
          place = 'after_block_challenge';
        } else return bad(i, `${e.type} where no claim can be challenged`);
        break;
      case 'BLOCK':
        if (!open || (place !== 'after_action' && place !== 'after_challenge'))
          return bad(i, 'BLOCK not after the ACTION or its challenge');
        open.block = e;
        place = 'after_block';
        break;
    }
  }
  return bad(events.length, 'no GAME_OVER at the end');
}
