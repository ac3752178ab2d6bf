/**
 * A versioned set of statements (spec §2.3 svc:MemoryStore): the row table
 * plus four indexes, answering every (s, p, o, g) pattern at a given version.
 * The store keeps its committed statements in one; a transaction keeps its
 * pending additions and removals in two more (at version 0).
 */
import { DEFAULT_GRAPH, type Id, type IdQuad, type QuadPattern } from '../sail.ts';
import { QuadIndex, KEY_ORDERS, type IndexName, type RunRange } from './quadIndex.ts';
import { INFERRED, QuadTable } from './quadTable.ts';

/** How `match` reads a pattern: which index, the key prefix it looks up, and the positions checked per row. */
export interface AccessPlan {
  readonly index: IndexName | undefined;
  readonly prefix: readonly number[];
  /** [position, id] pairs bound in the pattern but not in the prefix. */
  readonly checks: readonly (readonly [number, number])[];
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

  /**
   * Index choice. Use the index whose key begins with the most positions the
   * pattern binds; positions bound beyond that prefix are checked row by row.
   */
  plan(pattern: QuadPattern): AccessPlan {
    const { s, p, o, g } = pattern;
    if (s !== undefined) {
      // s p ? ?, s p o ?, s p o g, s p ? g: spoc, prefix s p (o (g)).
      if (p !== undefined) return planFor('spoc', pattern);
      // s ? o ?, s ? o g: ospc, prefix o s.
      if (o !== undefined) return planFor('ospc', pattern);
      // s ? ? g: gspo, prefix g s.
      if (g !== undefined) return planFor('gspo', pattern);
      // s ? ? ?: spoc, prefix s.
      return planFor('spoc', pattern);
    }
    if (p !== undefined) {
      // ? p ? g: posc by p or gspo by g, whichever range is shorter.
      if (o === undefined && g !== undefined) {
        return this.indexes.gspo.count([g]) < this.indexes.posc.count([p]) ? planFor('gspo', pattern) : planFor('posc', pattern);
      }
      // ? p ? ?, ? p o ?, ? p o g: posc, prefix p (o (g)).
      return planFor('posc', pattern);
    }
    // ? ? o ?, ? ? o g: ospc, prefix o, g checked.
    if (o !== undefined) return planFor('ospc', pattern);
    // ? ? ? g: gspo, prefix g.
    if (g !== undefined) return planFor('gspo', pattern);
    // ? ? ? ?: scan the table in row order.
    return { index: undefined, prefix: [], checks: [] };
  }

  /** The statements matching the pattern visible at `version`. */
  *match(pattern: QuadPattern, version: number, kinds: Kinds): Iterable<IdQuad> {
    const table = this.table;
    // Captured once: later writes replace these arrays rather than change them (see QuadTable).
    const cols = table.cols;
    const [cs, cp, co, cg] = cols;
    const { since, until, flags } = table;
    const plan = this.plan(pattern);
    for (const { run, lo, hi } of this.rangesOf(plan)) {
      rows: for (let i = lo; i < hi; i++) {
        const row = run === undefined ? i : run[i];
        if (since[row] > version || version >= until[row]) continue;
        if (!(kinds & kindOf(flags[row]))) continue;
        for (const [pos, id] of plan.checks) if (cols[pos][row] !== id) continue rows;
        yield [cs[row], cp[row], co[row], cg[row]];
      }
    }
  }

  /** Exact count of the statements matching the pattern visible at `version` (walks the range). */
  count(pattern: QuadPattern, version: number, kinds: Kinds): number {
    let n = 0;
    for (const _ of this.match(pattern, version, kinds)) n++;
    return n;
  }

  /** The number of rows in the pattern's index range, without reading them: O(log n). */
  estimate(pattern: QuadPattern): number {
    const { index, prefix } = this.plan(pattern);
    if (index === undefined) return this.table.length - this.table.dead;
    return this.indexes[index].count(prefix);
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

  /** Drops the rows that died at or before `horizon`. */
  compact(horizon: number): void {
    for (const index of Object.values(this.indexes)) index.flush();
    const map = this.table.compact(horizon);
    for (const index of Object.values(this.indexes)) index.remap(map);
  }

  /** The index ranges to read; a scan is one range over the table's rows themselves (`run` undefined). */
  private rangesOf(plan: AccessPlan): readonly ScanRange[] {
    if (plan.index !== undefined) return this.indexes[plan.index].ranges(plan.prefix);
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

/** The plan for an index: the pattern's bound positions in key order up to the first unbound one form the prefix. */
function planFor(index: IndexName, pattern: QuadPattern): AccessPlan {
  const values = [pattern.s, pattern.p, pattern.o, pattern.g];
  const prefix: number[] = [];
  const checks: [number, number][] = [];
  for (const pos of KEY_ORDERS[index]) {
    const id = values[pos];
    if (id === undefined) break;
    prefix.push(id);
  }
  for (let pos = 0; pos < 4; pos++) {
    const id = values[pos];
    if (id !== undefined && !KEY_ORDERS[index].slice(0, prefix.length).includes(pos)) checks.push([pos, id]);
  }
  return { index, prefix, checks };
}
