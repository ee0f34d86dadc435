// One Glicko-2 rating period over flat arrays: the arithmetic of the npm `glicko2` 1.2.2 package
// (Player.update_rank with the default 'newprocedure' volatility step), operation for operation, so its
// results are bit-identical to the package's (close-period.test.ts checks it against the package itself),
// without the package's per-pair arrays and objects: recomputing a million matches allocates per period,
// not per pair. Math.pow is kept where the package uses it: x * x can round differently.

/** Glicko-2 scale factor (400 / ln 10), as the package has it. */
const SCALE = 173.7178;
const EPSILON = 0.0000001;
const PI_SQUARED = Math.pow(Math.PI, 2);

/** One period's players and results, on the Glicko-2 scale (as the package keeps them internally). */
export interface PeriodArrays {
  /** Per player: mu, phi, sigma; updated in place. */
  rating: Float64Array;
  rd: Float64Array;
  vol: Float64Array;
  /** Per player p, its results are entries offset[p] .. offset[p + 1] - 1, in the order they were added. */
  offset: Int32Array;
  /** Per entry: the opponent's mu and phi when the result was added, and the score (1, 0.5 or 0). */
  oppRating: Float64Array;
  oppRd: Float64Array;
  outcome: Float64Array;
}

/** The display scale <-> Glicko-2 scale conversions of the package (defaultRating: its `rating` setting). */
export const toMu = (rating: number, defaultRating: number) => (rating - defaultRating) / SCALE;
export const toPhi = (rd: number) => rd / SCALE;
export const fromMu = (mu: number, defaultRating: number) => mu * SCALE + defaultRating;
export const fromPhi = (phi: number) => phi * SCALE;

function g(phi: number): number {
  return 1 / Math.sqrt(1 + (3 * Math.pow(phi, 2)) / PI_SQUARED);
}

/** Updates players 0 .. count - 1 (Player.update_rank for each). */
export function updatePeriod(a: PeriodArrays, count: number, tau: number): void {
  for (let p = 0; p < count; p++) updatePlayer(a, p, tau);
}

function updatePlayer(a: PeriodArrays, p: number, tau: number): void {
  const from = a.offset[p] as number;
  const to = a.offset[p + 1] as number;
  const mu = a.rating[p] as number;
  let phi = a.rd[p] as number;
  if (to === from) {
    // Step 6 only, as the package does for a player without results.
    a.rd[p] = Math.sqrt(Math.pow(phi, 2) + Math.pow(a.vol[p] as number, 2));
    return;
  }
  // Steps 3 and 4: the variance and the sum behind delta (and step 7), in the package's order.
  let varianceSum = 0;
  let deltaSum = 0;
  for (let i = from; i < to; i++) {
    const gi = g(a.oppRd[i] as number);
    const e = 1 / (1 + Math.exp(-1 * gi * (mu - (a.oppRating[i] as number))));
    varianceSum += Math.pow(gi, 2) * e * (1 - e);
    deltaSum += gi * ((a.outcome[i] as number) - e);
  }
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
