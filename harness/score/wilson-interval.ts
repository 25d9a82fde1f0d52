import { ClausegateError } from '../../pipeline/errors.ts';

/** z for a two-sided 95% interval, the default of `wilsonInterval`. */
export const Z_95 = 1.96;

/**
 * The Wilson score interval `[low, high]` of a proportion `successes / trials` (default z = 1.96,
 * a 95% interval). Unlike the normal approximation it stays inside [0, 1] and is honest at 0/n and
 * n/n, which gates at 0.00 and 1.00 need. `undefined` when there are no trials. `successes` may
 * be fractional (a sum of per-case shares); the interval is then an approximation.
 */
export function wilsonInterval(successes: number, trials: number, z = Z_95): [number, number] | undefined {
  if (!Number.isInteger(trials) || !Number.isFinite(successes) || successes < 0 || trials < 0 || successes > trials) {
    throw new ClausegateError('internal', `wilsonInterval needs 0 <= successes <= trials with whole trials, got ${successes}/${trials}`);
  }
  if (trials === 0) return undefined;
  const proportion = successes / trials;
  const zSquared = z * z;
  const denominator = 1 + zSquared / trials;
  const centre = (proportion + zSquared / (2 * trials)) / denominator;
  const halfWidth = (z * Math.sqrt((proportion * (1 - proportion)) / trials + zSquared / (4 * trials * trials))) / denominator;
  // At 0/n and n/n the bound is exactly 0 or 1; rounding must not move it.
  const low = successes === 0 ? 0 : Math.max(0, centre - halfWidth);
  const high = successes === trials ? 1 : Math.min(1, centre + halfWidth);
  return [low, high];
}
