/** A player's rating after its last rated period. */
export interface RatingState {
  rating: number;
  rd: number;
  vol: number;
  /** The last period in which the player had a rated match; RD grows for the idle periods since. */
  lastPeriodIndex: number;
  /** Rated matches played. */
  games: number;
  /** Rated matches finished in first place, alone or shared. */
  wins: number;
}

/** Places best first; a place holds the ids of the agents tied on it. */
export type Ranking = readonly (readonly string[])[];

/** A finished rated match, as closePeriod needs it. */
export interface RatedMatch {
  id: string;
  ranking: Ranking;
}

/** A match-log entry, as recompute needs it. */
export interface LoggedMatch extends RatedMatch {
  /** Milliseconds since the Unix epoch; decides the match's rating period. */
  finishedAt: number;
}

export type Ratings = ReadonlyMap<string, RatingState>;
