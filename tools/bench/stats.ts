/** Summary statistics of timed runs: median, min, max (the anchors' protocol). */
export interface Summary {
  median: number;
  min: number;
  max: number;
  runs: number;
}

export function summarize(values: readonly number[]): Summary {
  if (values.length === 0) throw new Error('no values to summarize');
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  const median = sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
  return { median, min: sorted[0]!, max: sorted[sorted.length - 1]!, runs: sorted.length };
}

/** The value most engines agree on (ties: the smaller), to flag the ones that differ. */
export function consensus(values: readonly number[]): number | undefined {
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  let best: number | undefined;
  for (const [v, n] of counts) if (best === undefined || n > counts.get(best)! || (n === counts.get(best)! && v < best)) best = v;
  return best;
}
