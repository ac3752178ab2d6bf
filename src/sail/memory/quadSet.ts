/**
 * A versioned set of statements (spec §2.3 svc:MemoryStore): the row table
 * plus four indexes, answering every (s, p, o, g) pattern at a given version.
 * The store keeps its committed statements in one; a transaction keeps its
 * pending additions and removals in two more (at version 0).
 */
import { DEFAULT_GRAPH, type Id, type IdQuad, type QuadPattern } from '../sail.ts';
import { QuadIndex, KEY_ORDERS, type IndexName, type RunRange } from './quadIndex.ts';
import { INFERRED, QuadTable } from './quadTable.ts';

/** Bits of the positions a pattern binds. */
const S = 1;
const P = 2;
const O = 4;
const G = 8;

/**
 * Index choice, by the positions the pattern binds: the index whose key begins
 * with the most of them. Bound positions beyond that prefix are checked row by row.
 */
function chooseIndex(bound: number): IndexName | undefined {
  if (bound & S) {
    if (bound & P) return 'spoc'; // s p ? ?, s p o ?, s p o g, s p ? g: prefix s p (o (g))
    if (bound & O) return 'ospc'; // s ? o ?, s ? o g: prefix o s
    if (bound & G) return 'gspo'; // s ? ? g: prefix g s
    return 'spoc'; // s ? ? ?: prefix s
  }
  if (bound & P) return 'posc'; // ? p ? ?, ? p o ?, ? p o g: prefix p (o (g)); ? p ? g: see `plan`
  if (bound & O) return 'ospc'; // ? ? o ?, ? ? o g: prefix o
  if (bound & G) return 'gspo'; // ? ? ? g: prefix g
  return undefined; // ? ? ? ?: scan the table in row order
}

/** A plan's shape: the index, the positions its key prefix covers, the positions checked per row. */
interface Shape {
  readonly index: IndexName | undefined;
  readonly prefix: readonly number[];
  readonly checks: readonly number[];
}

function shapeOf(index: IndexName | undefined, bound: number): Shape {
  const prefix: number[] = [];
  for (const pos of index ? KEY_ORDERS[index] : []) {
    if (!(bound & (1 << pos))) break;
    prefix.push(pos);
  }
  const checks = [0, 1, 2, 3].filter((pos) => bound & (1 << pos) && !prefix.includes(pos));
  return { index, prefix, checks };
}

/** The shape for each set of bound positions, computed once. */
const SHAPES: readonly Shape[] = Array.from({ length: 16 }, (_, bound) => shapeOf(chooseIndex(bound), bound));
/** `? p ? g` read through the graph instead, when the graph is the smaller range. */
const P_G_BY_GRAPH = shapeOf('gspo', P | G);

/** How `match` reads a pattern: its shape and the pattern's ids by position. */
export interface AccessPlan extends Shape {
  readonly ids: readonly (Id | undefined)[];
  /** The ids of the key prefix. */
  readonly key: readonly Id[];
}

/** Which statements a read wants, as a bit set: explicit (1), inferred (2). */
export type Kinds = 1 | 2 | 3;
export const EXPLICIT: Kinds = 1;
export const INFERRED_ONLY: Kinds = 2;
export const ALL: Kinds = 3;
/** A read's kinds from the contract's `includeInferred`. */
export const kindsOf = (includeInferred = true): Kinds => (includeInferred ? ALL : EXPLICIT);
/** The kind bit of a row from its flags. */
export const kindOf = (flags: number): number => 1 << (flags & INFERRED);

type ScanRange = RunRange | { readonly run: undefined; readonly lo: number; readonly hi: number };

export class QuadSet {
  readonly table = new QuadTable();
  private readonly indexes: Record<IndexName, QuadIndex> = {
    spoc: new QuadIndex(this.table, KEY_ORDERS.spoc),
    posc: new QuadIndex(this.table, KEY_ORDERS.posc),
    ospc: new QuadIndex(this.table, KEY_ORDERS.ospc),
    gspo: new QuadIndex(this.table, KEY_ORDERS.gspo),
  };

  add(q: IdQuad, flags: number, since: number): number {
    return this.table.append(q[0], q[1], q[2], q[3], flags, since);
  }

  /** The row holding the statement visible at `version`, or -1. */
  find(q: IdQuad, version: number): number {
    return this.table.find(q[0], q[1], q[2], q[3], version);
  }

  /** The plan for a pattern (see `chooseIndex`). */
  plan(pattern: QuadPattern): AccessPlan {
    const ids = [pattern.s, pattern.p, pattern.o, pattern.g];
    const bound = (ids[0] === undefined ? 0 : S) | (ids[1] === undefined ? 0 : P) | (ids[2] === undefined ? 0 : O) | (ids[3] === undefined ? 0 : G);
    let shape = SHAPES[bound];
    // ? p ? g: through p or through g, whichever range is shorter.
    if (bound === (P | G) && this.indexes.gspo.count([ids[3]!]) < this.indexes.posc.count([ids[1]!])) shape = P_G_BY_GRAPH;
    const key: Id[] = [];
    for (const pos of shape.prefix) key.push(ids[pos]!);
    return { index: shape.index, prefix: shape.prefix, checks: shape.checks, ids, key };
  }

  /** The statements matching the pattern visible at `version`. */
  match(pattern: QuadPattern, version: number, kinds: Kinds): Iterable<IdQuad> {
    const plan = this.plan(pattern);
    return new Matches(this.table, this.rangesOf(plan), plan, version, kinds);
  }

  /** Exact count of the statements matching the pattern visible at `version` (walks the range). */
  count(pattern: QuadPattern, version: number, kinds: Kinds): number {
    const plan = this.plan(pattern);
    return new Matches(this.table, this.rangesOf(plan), plan, version, kinds).count();
  }

  /** The number of rows in the pattern's index range, without reading them: O(log n). */
  estimate(pattern: QuadPattern): number {
    const { index, key } = this.plan(pattern);
    if (index === undefined) return this.table.length - this.table.dead;
    return this.indexes[index].count(key);
  }

  /** The named graphs holding a statement visible at `version`: one skip per graph in the gspo index. */
  contexts(version: number, kinds: Kinds): Set<Id> {
    const found = new Set<Id>();
    const gspo = this.indexes.gspo;
    const cg = this.table.cols[3];
    for (const { run } of gspo.ranges([])) {
      for (let i = gspo.bound(run, [DEFAULT_GRAPH], true); i < run.length; ) {
        const g = cg[run[i]];
        const end = gspo.bound(run, [g], true);
        if (!found.has(g) && this.anyVisible(run, i, end, version, kinds)) found.add(g);
        i = end;
      }
    }
    return found;
  }

  /** Takes over every row of `other` (this set must be empty), visible from `since` on; `other` is left empty. */
  adopt(other: QuadSet, since: number): void {
    this.table.adopt(other.table, since);
    for (const index of [...Object.values(this.indexes), ...Object.values(other.indexes)]) index.reset();
  }

  /** Drops the rows that died at or before `horizon`. */
  compact(horizon: number): void {
    for (const index of Object.values(this.indexes)) index.flush();
    const map = this.table.compact(horizon);
    for (const index of Object.values(this.indexes)) index.remap(map);
  }

  /** The index ranges to read; a scan is one range over the table's rows themselves (`run` undefined). */
  private rangesOf(plan: AccessPlan): readonly ScanRange[] {
    if (plan.index !== undefined) return this.indexes[plan.index].ranges(plan.key);
    return [{ run: undefined, lo: 0, hi: this.table.length }];
  }

  private anyVisible(run: Uint32Array, lo: number, hi: number, version: number, kinds: Kinds): boolean {
    const { since, until, flags } = this.table;
    for (let i = lo; i < hi; i++) {
      const row = run[i];
      if (since[row] <= version && version < until[row] && kinds & kindOf(flags[row])) return true;
    }
    return false;
  }
}

/**
 * The rows of some index ranges that are visible at a version, of the wanted
 * kinds, and pass the plan's checks. A hand-written iterator: the engine pulls
 * every statement through it, and V8 runs it faster than a generator.
 */
class Matches implements Iterable<IdQuad>, Iterator<IdQuad> {
  // Captured once: later writes replace these arrays rather than change them (see QuadTable).
  private readonly cols: QuadTable['cols'];
  private readonly since: Uint32Array;
  private readonly until: Uint32Array;
  private readonly flags: Uint8Array;
  private range = 0;
  private i: number;

  constructor(
    table: QuadTable,
    private readonly ranges: readonly ScanRange[],
    private readonly plan: AccessPlan,
    private readonly version: number,
    private readonly kinds: Kinds,
  ) {
    this.cols = table.cols;
    this.since = table.since;
    this.until = table.until;
    this.flags = table.flags;
    this.i = ranges.length > 0 ? ranges[0].lo : 0;
  }

  [Symbol.iterator](): Iterator<IdQuad> {
    return this;
  }

  next(): IteratorResult<IdQuad> {
    const row = this.advance();
    if (row < 0) return { done: true, value: undefined };
    const cols = this.cols;
    return { done: false, value: [cols[0][row], cols[1][row], cols[2][row], cols[3][row]] };
  }

  /** Counts the remaining matches without building them. */
  count(): number {
    let n = 0;
    while (this.advance() >= 0) n++;
    return n;
  }

  /** The next matching row, or -1. */
  private advance(): number {
    const { cols, since, until, flags, version, kinds, plan } = this;
    const checks = plan.checks;
    while (this.range < this.ranges.length) {
      const { run, hi } = this.ranges[this.range];
      rows: while (this.i < hi) {
        const row = run === undefined ? this.i : run[this.i];
        this.i++;
        if (since[row] > version || version >= until[row]) continue;
        if (!(kinds & kindOf(flags[row]))) continue;
        for (let c = 0; c < checks.length; c++) if (cols[checks[c]][row] !== plan.ids[checks[c]]) continue rows;
        return row;
      }
      this.range++;
      if (this.range < this.ranges.length) this.i = this.ranges[this.range].lo;
    }
    return -1;
  }
}
