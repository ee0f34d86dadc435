import { eraAt, inferEra, UNKNOWN_ERA, type TreasonEra } from '../era';
import { UNKNOWN_PLAYER, type DecodedGame } from '@coup/archive-format';
import { parseTurns, type ArchiveTurn } from '../grammar';
import { isAlive } from '../turn-check';

// Who blocked, and the game's era (docs/ARCHIVE.md "Who blocked"). The archive's server wrote seat 0 in
// every BLOCK byte until 2020-05-19, and its decoder writes -1 where it cannot tell (a foreign-aid block
// nobody challenged). A blocker is known when the record says it another way: the seat whose block was
// challenged, the target of a steal or an assassination (only the target may block them), or the only seat
// that could have blocked. Otherwise it stays unknown (-1): a block is never credited to seat 0 on the
// strength of a byte that said 0 for everyone.
//
// A packed game's BLOCK bytes are trusted when its era says they name the blocker: from its date, or from
// the record: a BLOCK byte naming a seat other than 0 was written after the fix; a byte naming seat 0 where
// seat 0 could not have blocked was written before it (and so were all of that game's BLOCK bytes).
// A game with neither (every block names 0 and 0 could have made each) is read as the older kind, the
// safe side: its blockers are only the deduced ones.

type BlockTurn = ArchiveTurn & { block: NonNullable<ArchiveTurn['block']> };

/** The seats that could have made the turn's block, as far as the record tells. */
function couldBlock(t: BlockTurn): number[] {
  const a = t.start.whoseTurn;
  if (!t.action) return [];
  if (t.action.action !== 'foreign-aid') return t.action.target === undefined ? [] : [t.action.target];
  const S = t.start.playerStates;
  // Gone before the block: left, or lost its last card to a failed challenge of the action.
  const gone = new Set(
    t.left.filter((l) => l.at !== 'after_block' && l.at !== 'after_block_challenge').map((l) => l.player),
  );
  const ac = t.actionChallenge;
  if (ac && !ac.success && S[ac.challenger]!.influence.filter((c) => !c.revealed).length === 1)
    gone.add(ac.challenger);
  return S.flatMap((s, p) => (p !== a && isAlive(s) && !gone.has(p) ? [p] : []));
}

/** The blocker the record tells apart from the BLOCK's own player field, or null. */
function deducedBlocker(t: BlockTurn): number | null {
  if (t.blockChallenge) return t.blockChallenge.challenged;
  const could = couldBlock(t);
  return could.length === 1 ? could[0]! : null;
}

/** A BLOCK byte naming seat 0 where seat 0 did not block: another seat's block was challenged, or 0 could not. */
const impossibleZero = (t: BlockTurn) =>
  t.block.blockingPlayer === 0 &&
  ((t.blockChallenge !== null && t.blockChallenge.challenged !== 0) || !couldBlock(t).includes(0));

/** What the BLOCK bytes say of the era: true (a seat other than 0), false (seat 0 that could not), null. */
function bytesEra(turns: readonly BlockTurn[]): boolean | null {
  if (turns.some((t) => t.block.blockingPlayer !== 0 && t.block.blockingPlayer !== UNKNOWN_PLAYER))
    return true;
  if (turns.some(impossibleZero)) return false;
  return null;
}

/** What the turns say of the era: a 2-player game's first coins, a refund seen. */
function turnsEra(game: DecodedGame, turns: readonly ArchiveTurn[]): TreasonEra {
  const era: TreasonEra = { ...UNKNOWN_ERA };
  const first = turns[0];
  if (game.playerCount === 2 && first) {
    const a = first.start.whoseTurn;
    const cash = first.start.playerStates.map((s) => s.cash);
    if (cash[a] === 1 && cash[1 - a] === 2) era.twoPlayerFirstCoin = true;
    else if (cash[a] === 2 && cash[1 - a] === 2) era.twoPlayerFirstCoin = false;
  }
  for (const t of turns) {
    if (t.action?.action !== 'assassinate' || !t.actionChallenge?.success) continue;
    const a = t.start.whoseTurn;
    if (t.left.some((l) => l.player === a)) continue;
    const before = t.start.playerStates[a]!.cash;
    const after = t.next.playerStates[a]!.cash;
    if (after === before) era.assassinationRefund = true;
    else if (after === before - 3) era.assassinationRefund = false;
  }
  return era;
}

export interface SettledGame {
  game: DecodedGame;
  era: TreasonEra;
  /** Blocks whose blocker stays unknown (-1). */
  unknownBlockers: number;
}

/**
 * Settles a game's blockers and era: `startedAt` (ms) gives the era when known; `blockBytes` says the
 * blockers were read from packed bytes (the era rule applies) rather than from the decoded file.
 */
export function settleBlockers(
  game: DecodedGame,
  startedAt: number | null,
  blockBytes: boolean,
): SettledGame {
  const parsed = parseTurns(game.events);
  if (!parsed.ok)
    return { game, era: startedAt === null ? UNKNOWN_ERA : eraAt(startedAt), unknownBlockers: 0 };
  const turns = parsed.game.turns;
  const blocks = turns.filter((t): t is BlockTurn => t.block !== null);
  let era: TreasonEra;
  if (startedAt !== null) era = eraAt(startedAt);
  else {
    const seen = turnsEra(game, turns);
    if (blockBytes) seen.blockerRecorded = bytesEra(blocks);
    era = inferEra(seen);
  }
  const trustBytes = blockBytes && era.blockerRecorded === true;
  let events = game.events;
  let unknownBlockers = 0;
  for (const t of blocks) {
    const written = t.block.blockingPlayer;
    let want: number;
    if (trustBytes) want = written;
    else if (!blockBytes && written !== UNKNOWN_PLAYER) want = written;
    else want = deducedBlocker(t) ?? UNKNOWN_PLAYER;
    if (want === UNKNOWN_PLAYER) unknownBlockers++;
    if (want === written) continue;
    if (events === game.events) events = [...game.events];
    events[events.indexOf(t.block)] = { ...t.block, blockingPlayer: want };
  }
  return { game: events === game.events ? game : { ...game, events }, era, unknownBlockers };
}
