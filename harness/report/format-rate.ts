/** A rate as `0.950`; `n/a` for `null`. */
export function formatRate(rate: number | null | undefined): string {
  return rate === null || rate === undefined ? 'n/a' : rate.toFixed(3);
}

/** A count, with two decimals when it is a sum of shares (attribution coverage). */
export function formatCount(count: number): string {
  return Number.isInteger(count) ? String(count) : count.toFixed(2);
}

/** A 95% interval as `[0.672, 0.969]`; `—` when there is none. */
export function formatInterval(interval: readonly [number, number] | undefined): string {
  return interval === undefined ? '—' : `[${interval[0].toFixed(3)}, ${interval[1].toFixed(3)}]`;
}
