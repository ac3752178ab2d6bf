/**
 * One statement index of the MemoryStore (spec §2.3 svc:MemoryStore): the
 * table's row numbers sorted by one permutation of (s, p, o, g), named by it
 * (`spoc`, `posc`, `ospc`, `gspo`) as the native store names its B-trees.
 * Every pattern whose bound positions form a prefix of the permutation is a
 * contiguous range, found by two binary searches: O(log n + results), and its
 * exact size (the planner's estimate) in O(log n).
 *
 * The rows sit in two sorted runs, a large `main` and a small `recent`, like a
 * two-level LSM tree: new rows are sorted and merged into `recent`, and
 * `recent` into `main` once it exceeds 1/16 of it, so a small commit does not
 * copy the whole index. Rows join lazily, on the first read after an append.
 * Runs are never changed in place (a merge makes new arrays), so an iterator
 * holding a run is unaffected by later writes.
 */
import type { QuadTable } from './quadTable.ts';

export type IndexName = 'spoc' | 'posc' | 'ospc' | 'gspo';
/** A key order as table positions (0 = s, 1 = p, 2 = o, 3 = g). */
export type KeyOrder = readonly [number, number, number, number];

export const KEY_ORDERS: Readonly<Record<IndexName, KeyOrder>> = {
  spoc: [0, 1, 2, 3],
  posc: [1, 2, 0, 3],
  ospc: [2, 0, 1, 3],
  gspo: [3, 0, 1, 2],
};

/** A slice of one sorted run: rows run[lo..hi). */
export interface RunRange {
  readonly run: Uint32Array;
  readonly lo: number;
  readonly hi: number;
}

const EMPTY = new Uint32Array(0);
/** Batches at least this large are sorted by radix (counting) sort instead of comparisons. */
const RADIX_MIN = 20_000;

export class QuadIndex {
  private main: Uint32Array = EMPTY;
  private recent: Uint32Array = EMPTY;
  /** Rows [0, indexed) of the table are in a run. */
  private indexed = 0;

  constructor(
    private readonly table: QuadTable,
    readonly order: KeyOrder,
  ) {}

  /** The ranges of rows whose key starts with `prefix` (values in key order). */
  ranges(prefix: readonly number[]): RunRange[] {
    this.catchUp();
    const out: RunRange[] = [];
    for (const run of [this.main, this.recent]) {
      if (run.length === 0) continue;
      const lo = this.bound(run, prefix, false);
      const hi = this.bound(run, prefix, true, lo);
      if (hi > lo) out.push({ run, lo, hi });
    }
    return out;
  }

  /** How many rows (alive or dead) have a key starting with `prefix`. */
  count(prefix: readonly number[]): number {
    let n = 0;
    for (const r of this.ranges(prefix)) n += r.hi - r.lo;
    return n;
  }

  /** Forgets every row (its table was replaced wholesale). */
  reset(): void {
    this.main = EMPTY;
    this.recent = EMPTY;
    this.indexed = 0;
  }

  /** Brings every appended row into the runs (call before `QuadTable.compact`). */
  flush(): void {
    this.catchUp();
  }

  /** After `flush` and `QuadTable.compact`: renumber the rows, dropping the removed ones (order is unchanged). */
  remap(map: Int32Array): void {
    this.main = remapRun(this.main, map);
    this.recent = remapRun(this.recent, map);
    this.indexed = this.main.length + this.recent.length;
  }

  /** Brings the rows appended since the last read into the runs. */
  private catchUp(): void {
    const upTo = this.table.length;
    if (this.indexed >= upTo) return;
    const batch = new Uint32Array(upTo - this.indexed);
    for (let i = 0; i < batch.length; i++) batch[i] = this.indexed + i;
    this.indexed = upTo;
    const sorted = batch.length >= RADIX_MIN ? this.radixSort(batch) : batch.sort(this.compare);
    this.recent = this.merge(this.recent, sorted);
    if (this.recent.length > Math.max(4096, this.main.length >> 4)) {
      this.main = this.merge(this.main, this.recent);
      this.recent = EMPTY;
    }
  }

  /** Compares two rows by this index's key order. */
  private readonly compare = (a: number, b: number): number => {
    const cols = this.table.cols;
    for (const pos of this.order) {
      const col = cols[pos];
      const d = col[a] - col[b];
      if (d !== 0) return d;
    }
    return 0;
  };

  /** First index in `run` (from `lo` on) whose key is ≥ prefix (`after` false) or > prefix (`after` true). */
  bound(run: Uint32Array, prefix: readonly number[], after: boolean, lo = 0): number {
    const cols = this.table.cols;
    const order = this.order;
    const n = prefix.length;
    let hi = run.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const row = run[mid];
      let d = 0;
      for (let i = 0; i < n; i++) {
        d = cols[order[i]][row] - prefix[i];
        if (d !== 0) break;
      }
      if (d < 0 || (after && d === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Merges two sorted runs into a new one. */
  private merge(a: Uint32Array, b: Uint32Array): Uint32Array {
    if (a.length === 0) return b;
    if (b.length === 0) return a;
    const out = new Uint32Array(a.length + b.length);
    let i = 0;
    let j = 0;
    let k = 0;
    while (i < a.length && j < b.length) out[k++] = this.compare(a[i], b[j]) <= 0 ? a[i++] : b[j++];
    out.set(a.subarray(i), k);
    out.set(b.subarray(j), k + a.length - i);
    return out;
  }

  /** LSD radix sort of rows by the key: one stable counting sort per position, least significant first. */
  private radixSort(rows: Uint32Array): Uint32Array {
    let from: Uint32Array = rows;
    let to: Uint32Array = new Uint32Array(rows.length);
    for (let i = 3; i >= 0; i--) {
      const col = this.table.cols[this.order[i]];
      let max = 0;
      for (let r = 0; r < from.length; r++) if (col[from[r]] > max) max = col[from[r]];
      const counts = new Uint32Array(max + 2);
      for (let r = 0; r < from.length; r++) counts[col[from[r]] + 1]++;
      for (let v = 1; v < counts.length; v++) counts[v] += counts[v - 1];
      for (let r = 0; r < from.length; r++) {
        const row = from[r];
        to[counts[col[row]]++] = row;
      }
      [from, to] = [to, from];
    }
    return from;
  }
}

function remapRun(run: Uint32Array, map: Int32Array): Uint32Array {
  const out = new Uint32Array(run.length);
  let k = 0;
  for (let i = 0; i < run.length; i++) {
    const row = map[run[i]];
    if (row >= 0) out[k++] = row;
  }
  return out.slice(0, k);
}
