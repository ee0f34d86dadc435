// The archive's server changed its rules and its recorder over the years the archive spans (2016-2020),
// so a game is read by the rules of the day it was played (docs/ARCHIVE.md "Eras"). Three changes matter:
//
// - 2017-06-17: an assassination whose claim is successfully challenged refunds its 3 coins (before: lost).
// - 2017-11-28: in 2-player games the first player starts with 1 coin (before: 2 coins each, as our rules).
// - 2020-05-19: the recorder writes the blocker in a BLOCK byte (before: seat 0 in every BLOCK byte).
//
// A game's era comes from its date where the record has one (`gameStarted` of the server's documents);
// otherwise each rule is unknown (null) and is inferred from the record itself where it says (see
// inferEra), or every reading is tried.

export const REFUND_SINCE = Date.UTC(2017, 5, 17);
export const ONE_COIN_FIRST_SINCE = Date.UTC(2017, 10, 28);
export const BLOCKER_RECORDED_SINCE = Date.UTC(2020, 4, 19);

export interface TreasonEra {
  /** A successfully challenged assassination refunds its 3 coins. */
  assassinationRefund: boolean | null;
  /** In 2-player games the first player starts with 1 coin instead of 2. */
  twoPlayerFirstCoin: boolean | null;
  /** BLOCK bytes name the blocker (false: they name seat 0 whoever blocked). */
  blockerRecorded: boolean | null;
}

export const UNKNOWN_ERA: TreasonEra = {
  assassinationRefund: null,
  twoPlayerFirstCoin: null,
  blockerRecorded: null,
};

/** The era of a game started at `ms` (milliseconds since 1970, as the server's documents write it). */
export function eraAt(ms: number): TreasonEra {
  return {
    assassinationRefund: ms >= REFUND_SINCE,
    twoPlayerFirstCoin: ms >= ONE_COIN_FIRST_SINCE,
    blockerRecorded: ms >= BLOCKER_RECORDED_SINCE,
  };
}

/** A date field of a record (ms since 1970, or an ISO string) as ms, or null when absent or unreadable. */
export function dateOf(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return value;
  if (typeof value === 'string' && value.length <= 40) {
    const ms = Date.parse(value);
    return Number.isNaN(ms) ? null : ms;
  }
  return null;
}

/**
 * What a record says of its own era where it has no date: every rule that changed later implies the
 * earlier ones (the changes came in the order above). `twoPlayerFirstCoin` true (a 2-player game whose
 * first player starts with 1 coin) means the refund too; `blockerRecorded` true (a BLOCK byte naming a
 * seat other than 0) means both; `assassinationRefund` false means neither later change.
 */
export function inferEra(known: TreasonEra): TreasonEra {
  const e = { ...known };
  if (e.blockerRecorded === true) e.twoPlayerFirstCoin ??= true;
  if (e.twoPlayerFirstCoin === true) e.assassinationRefund ??= true;
  if (e.assassinationRefund === false) e.twoPlayerFirstCoin ??= false;
  if (e.twoPlayerFirstCoin === false) e.blockerRecorded ??= false;
  return e;
}
