// Types for the parts of the untyped npm `glicko2` 1.2.2 package that @coup/rating uses.
// The package is CommonJS (`exports.Glicko2 = ...`), so it is imported as a default export.
declare module 'glicko2' {
  namespace glicko2 {
    type VolatilityAlgorithm = 'newprocedure' | 'newprocedure_mod' | 'oldprocedure' | 'oldprocedure_simple';

    interface Settings {
      /** System constant constraining volatility change. Beware: falsy values fall back to 0.5. */
      tau?: number;
      /** Default rating, also the centre of the Glicko-2 scale conversion. Falsy falls back to 1500. */
      rating?: number;
      /** Default rating deviation. Falsy falls back to 350. */
      rd?: number;
      /** Default volatility. Falsy falls back to 0.06. */
      vol?: number;
      /** Step 5 of the algorithm; default 'newprocedure' (Glickman's Illinois iteration). */
      volatility_algorithm?: VolatilityAlgorithm;
    }

    /** A pairwise result: [first, second, score of first] with score 1, 0.5 or 0. */
    type Match<T> = [T, T, number];

    interface Race<T> {
      getMatches(): Match<T>[];
    }

    interface Player {
      readonly id: number | string;
      getRating(): number;
      setRating(rating: number): void;
      getRd(): number;
      setRd(rd: number): void;
      getVol(): number;
      setVol(vol: number): void;
      hasPlayed(): boolean;
    }

    class Glicko2 {
      constructor(settings?: Settings);
      /** Ids are assigned 0, 1, 2... in creation order. Falsy arguments fall back to the defaults. */
      makePlayer(rating?: number, rd?: number, vol?: number): Player;
      /** Places best first, each place holding tied entries; returns every pair, better-placed first. */
      makeRace<T>(results: readonly (readonly T[])[]): Race<T>;
      /** One rating period for every player of this instance (players without results only get RD growth). */
      updateRatings(matches: Race<Player> | Match<Player>[]): void;
      getPlayers(): Player[];
      removePlayers(): void;
    }
  }

  export = glicko2;
}
