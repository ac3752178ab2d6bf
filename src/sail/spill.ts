/**
 * The iteration cache with on-disk overflow (spec §2.3
 * `config:sail.iterationCacheSyncThreshold`; 0 or unset = never, rdf4j-facts
 * §8.3): a collection of fixed-width rows of numbers that the query engine
 * fills for ORDER BY, DISTINCT, GROUP BY or a hash-join build side, and that
 * moves to a temporary file once it holds more than `threshold` rows.
 *
 * API:
 *   const rows = new SpillableRows(width, { threshold, compare, signal });
 *   rows.push(row);            // `width` numbers (ids) or undefined (unbound); copied
 *   for (const row of rows)    // insertion order, or `compare` order when given; may be read many times
 *   rows.close();              // deletes the temporary file; also done when `signal` aborts
 * Pushing while a read is under way is not supported.
 *
 * With `compare`, each overflow of `threshold` rows is sorted and written as
 * one run, and reading merges the runs with the rows still in memory (an
 * external merge sort), so ORDER BY, and DISTINCT or GROUP BY over sorted
 * rows, work at any size with `threshold` rows in memory. Rows are stored as
 * float64 (any JS number; NaN stands for undefined). File I/O is synchronous,
 * like the store reads the engine pulls from.
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export type Row = readonly (number | undefined)[];
export type RowCompare<R extends Row = Row> = (a: R, b: R) => number;

export interface SpillOptions<R extends Row = Row> {
  /** Rows kept in memory before the overflow to disk; 0 or undefined = never spill. */
  threshold?: number;
  /** When given, rows are read back in this order. */
  compare?: RowCompare<R>;
  /** Aborting (query end, cancel, timeout) deletes the temporary file. */
  signal?: AbortSignal;
  /** Where temporary files go; the OS temp directory by default. */
  directory?: string;
}

/** Rows read from the file per block while merging. */
const READ_BLOCK_ROWS = 4096;

interface Run {
  /** Byte offset and row count of the run in the file. */
  readonly offset: number;
  readonly rows: number;
}

/** Rows of type R (e.g. the engine's `Id[]`) come back as R: numbers stay numbers, undefined stays undefined. */
export class SpillableRows<R extends Row = Row> implements Iterable<R> {
  private memory: R[] = [];
  private readonly runs: Run[] = [];
  private dir: string | undefined;
  private fd: number | undefined;
  private fileBytes = 0;
  private closed = false;
  private readonly onAbort = () => this.close();

  constructor(
    readonly width: number,
    private readonly options: SpillOptions<R> = {},
  ) {
    options.signal?.addEventListener('abort', this.onAbort, { once: true });
  }

  get size(): number {
    return this.runs.reduce((n, run) => n + run.rows, 0) + this.memory.length;
  }

  /** Whether rows have moved to disk. */
  get spilled(): boolean {
    return this.runs.length > 0;
  }

  push(row: R): void {
    if (this.closed) throw new Error('the row collection is closed');
    if (row.length !== this.width) throw new RangeError(`row of ${row.length} values in a collection of width ${this.width}`);
    this.memory.push(row.slice() as unknown as R);
    const threshold = this.options.threshold ?? 0;
    if (threshold > 0 && this.memory.length > threshold) this.spill();
  }

  *[Symbol.iterator](): Iterator<R> {
    if (this.closed) throw new Error('the row collection is closed');
    const { compare } = this.options;
    if (!compare) {
      for (const run of this.runs) yield* this.readRun(run);
      yield* this.memory;
      return;
    }
    this.memory.sort(compare);
    yield* mergeSorted([...this.runs.map((run) => this.readRun(run)), this.memory[Symbol.iterator]()], compare);
  }

  /** Deletes the temporary file; the collection cannot be used afterwards. Safe to call twice. */
  close(): void {
    if (this.closed) return;
    this.closed = true;
    this.memory = [];
    this.options.signal?.removeEventListener('abort', this.onAbort);
    if (this.fd !== undefined) closeSync(this.fd);
    if (this.dir !== undefined) rmSync(this.dir, { recursive: true, force: true });
    this.fd = undefined;
  }

  /** Writes the rows in memory to the file as one run (sorted when there is an order). */
  private spill(): void {
    if (this.options.compare) this.memory.sort(this.options.compare);
    if (this.fd === undefined) {
      this.dir = mkdtempSync(join(this.options.directory ?? tmpdir(), 'svc-spill-'));
      this.fd = openSync(join(this.dir, 'rows'), 'w+');
    }
    const values = new Float64Array(this.memory.length * this.width);
    let k = 0;
    for (const row of this.memory) for (const v of row) values[k++] = v ?? NaN;
    const bytes = new Uint8Array(values.buffer);
    writeSync(this.fd, bytes, 0, bytes.length, this.fileBytes);
    this.runs.push({ offset: this.fileBytes, rows: this.memory.length });
    this.fileBytes += bytes.length;
    this.memory = [];
  }

  /** The rows of one run, read block by block. */
  private *readRun(run: Run): Generator<R> {
    const rowBytes = this.width * 8;
    for (let done = 0; done < run.rows; ) {
      const count = Math.min(READ_BLOCK_ROWS, run.rows - done);
      const block = new Float64Array(count * this.width);
      readSync(this.fd!, new Uint8Array(block.buffer), 0, block.byteLength, run.offset + done * rowBytes);
      for (let r = 0; r < count; r++) {
        const row: (number | undefined)[] = new Array(this.width);
        for (let c = 0; c < this.width; c++) {
          const v = block[r * this.width + c];
          row[c] = Number.isNaN(v) ? undefined : v;
        }
        yield row as unknown as R;
      }
      done += count;
    }
  }
}

/** Merges sorted sequences into one sorted sequence (a binary heap of their heads). */
function* mergeSorted<R extends Row>(sources: Iterator<R>[], compare: RowCompare<R>): Generator<R> {
  const heap: { row: R; source: Iterator<R> }[] = [];
  const less = (i: number, j: number) => compare(heap[i]!.row, heap[j]!.row) < 0;
  const swap = (i: number, j: number) => ([heap[i], heap[j]] = [heap[j]!, heap[i]!]);
  const up = (i: number) => {
    for (let parent = (i - 1) >> 1; i > 0 && less(i, parent); i = parent, parent = (i - 1) >> 1) swap(i, parent);
  };
  const down = (i: number) => {
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < heap.length && less(l, m)) m = l;
      if (r < heap.length && less(r, m)) m = r;
      if (m === i) return;
      swap(i, m);
      i = m;
    }
  };
  for (const source of sources) {
    const first = source.next();
    if (!first.done) {
      heap.push({ row: first.value, source });
      up(heap.length - 1);
    }
  }
  while (heap.length > 0) {
    const top = heap[0]!;
    yield top.row;
    const next = top.source.next();
    if (next.done) {
      const last = heap.pop()!;
      if (heap.length === 0) return;
      heap[0] = last;
    } else {
      top.row = next.value;
    }
    down(0);
  }
}
