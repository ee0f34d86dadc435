// One Glicko-2 rating period, a result at a time into per-player sums: the arithmetic of the npm `glicko2`
// 1.2.2 package (Player.update_rank with the default 'newprocedure' volatility step), operation for
// operation, so its results are bit-identical to the package's (glicko2-period.test.ts checks it against the
// package itself), without the package's per-pair arrays and objects: a period costs memory per player, not
// per result. Math.pow is kept where the package uses it: x * x can round differently.

/** Glicko-2 scale factor (400 / ln 10), as the package has it. */
const SCALE = 173.7178;
const EPSILON = 0.0000001;
const PI_SQUARED = Math.pow(Math.PI, 2);

/** Per player: mu, phi and sigma on the Glicko-2 scale (as the package keeps them internally). */
export interface PlayerArrays {
  rating: Float64Array;
  rd: Float64Array;
  vol: Float64Array;
}

/** The display scale <-> Glicko-2 scale conversions of the package (defaultRating: its `rating` setting). */
export const toMu = (rating: number, defaultRating: number) => (rating - defaultRating) / SCALE;
export const toPhi = (rd: number) => rd / SCALE;
export const fromMu = (mu: number, defaultRating: number) => mu * SCALE + defaultRating;
export const fromPhi = (phi: number) => phi * SCALE;

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * Math.pow(phi, 2)) / PI_SQUARED);
}

/**
 * Steps 3 and 4 for one result, in the package's order: adds its terms to a player's running sums,
 * `sums[at]` (the variance's) and `sums[at + 1]` (delta's). The sums of a player's results added one after
 * the other, in the order the package adds them, are the package's sums bit for bit, however the results are
 * split into batches (rating-table.ts folds a period a batch of matches at a time).
 */
export function addResult(
  sums: Float64Array,
  at: number,
  mu: number,
  oppMu: number,
  oppPhi: number,
  outcome: number,
): void {
  const gi = g(oppPhi);
  const e = 1 / (1 + Math.exp(-1 * gi * (mu - oppMu)));
  sums[at] = (sums[at] as number) + Math.pow(gi, 2) * e * (1 - e);
  sums[at + 1] = (sums[at + 1] as number) + gi * (outcome - e);
}

/** Steps 5 to 7 for player p, from the sums of its results (addResult). */
export function withResults(
  a: PlayerArrays,
  p: number,
  varianceSum: number,
  deltaSum: number,
  tau: number,
): void {
  const mu = a.rating[p] as number;
  let phi = a.rd[p] as number;
  const v = 1 / varianceSum;
  const delta = v * deltaSum;
  // Step 5.
  const vol = newVolatility(a.vol[p] as number, phi, v, delta, tau);
  // Step 6, then 7.
  phi = Math.sqrt(Math.pow(phi, 2) + Math.pow(vol, 2));
  phi = 1 / Math.sqrt(1 / Math.pow(phi, 2) + 1 / v);
  a.vol[p] = vol;
  a.rd[p] = phi;
  a.rating[p] = mu + Math.pow(phi, 2) * deltaSum;
}

/** Step 6 only, as the package does for a player without results. */
export function withoutResults(a: PlayerArrays, p: number): void {
  a.rd[p] = Math.sqrt(Math.pow(a.rd[p] as number, 2) + Math.pow(a.vol[p] as number, 2));
}

/** The package's 'newprocedure' (Glickman's Illinois iteration, with its March 2022 `<=` update). */
function newVolatility(sigma: number, phi: number, v: number, delta: number, tau: number): number {
  let A = Math.log(Math.pow(sigma, 2));
  const a = A;
  let B: number;
  if (Math.pow(delta, 2) > Math.pow(phi, 2) + v) {
    B = Math.log(Math.pow(delta, 2) - Math.pow(phi, 2) - v);
  } else {
    let k = 1;
    while (f(A - k * tau, delta, phi, v, a, tau) < 0) k = k + 1;
    B = A - k * tau;
  }
  let fA = f(A, delta, phi, v, a, tau);
  let fB = f(B, delta, phi, v, a, tau);
  while (Math.abs(B - A) > EPSILON) {
    const C = A + ((A - B) * fA) / (fB - fA);
    const fC = f(C, delta, phi, v, a, tau);
    if (fC * fB <= 0) {
      A = B;
      fA = fB;
    } else {
      fA = fA / 2;
    }
    B = C;
    fB = fC;
  }
  return Math.exp(A / 2);
}

/** The package's _makef function (a top-level function here: no closure per player). */
function f(x: number, delta: number, phi: number, v: number, a: number, tau: number): number {
  return (
    (Math.exp(x) * (Math.pow(delta, 2) - Math.pow(phi, 2) - v - Math.exp(x))) /
      (2 * Math.pow(Math.pow(phi, 2) + v + Math.exp(x), 2)) -
    (x - a) / Math.pow(tau, 2)
  );
}
