/**
 * OrderBy (SPARQL 1.1 Query §15.1, §18.5 "OrderBy"): sorts by the conditions
 * in turn with the §15.1 ordering of terms (unbound first, then blank nodes,
 * IRIs, literals); an expression error sorts like unbound. The sort is stable,
 * so ties keep their input order. Under a LIMIT (`keep`), only the best rows
 * so far are kept, in order, each new row inserted after its equals. With an
 * iteration-cache threshold (`config:sail.iterationCacheSyncThreshold`), a
 * full sort goes through the on-disk overflow of `src/sail/spill.ts`: each row
 * carries its sort keys as ids, compared by the terms they decode to.
 */
import type { Term } from '../../rdf/terms.ts';
import { compareForOrderBy } from '../expr/index.ts';
import type { PlanNode } from '../plan.ts';
import { SpillableRows } from '../../sail/spill.ts';
import { PAUSE, UNBOUND, type ExecutionContext, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';
import { compileValue } from './expression.ts';

interface Entry {
  readonly row: Row;
  readonly keys: (Term | undefined)[];
}

/** Inserts after every entry that sorts before or equal to it (stable), keeping at most `keep` entries. */
function insertBounded(entries: Entry[], entry: Entry, keep: number, compare: (a: Entry, b: Entry) => number): void {
  if (keep === 0) return;
  if (entries.length === keep && compare(entry, entries[keep - 1]!) >= 0) return;
  let low = 0;
  let high = entries.length;
  while (low < high) {
    const mid = (low + high) >>> 1;
    if (compare(entries[mid]!, entry) <= 0) low = mid + 1;
    else high = mid;
  }
  entries.splice(low, 0, entry);
  if (entries.length > keep) entries.pop();
}

export function compileOrderBy(node: Extract<PlanNode, { type: 'orderby' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  const keys = node.conditions.map((c) => ({ value: compileValue(c.expression, scope), sign: c.descending ? -1 : 1 }));
  const { ctx } = scope;
  const compare = (a: Entry, b: Entry) => {
    for (let i = 0; i < keys.length; i++) {
      const c = compareForOrderBy(a.keys[i], b.keys[i]);
      if (c !== 0) return c * keys[i]!.sign;
    }
    return 0;
  };
  const keep = node.keep;
  const threshold = ctx.options.spillThreshold;
  if (keep === undefined && threshold > 0) return spilledSort(input, keys, ctx, threshold);
  return function* orderBy(row) {
    const entries: Entry[] = [];
    for (const r of input(row)) {
      if (r === PAUSE) {
        yield r;
        continue;
      }
      const entry = { row: r, keys: keys.map((k) => k.value(r)) };
      if (keep === undefined) entries.push(entry);
      else insertBounded(entries, entry, keep, compare);
    }
    ctx.checkAborted();
    if (keep === undefined) entries.sort(compare);
    for (const e of entries) yield e.row;
  };
}

/** The full sort through the iteration cache: rows extended by their keys' ids, merged back from disk in order. */
function spilledSort(input: Run, keys: readonly { value: (r: Row) => Term | undefined; sign: number }[], ctx: ExecutionContext, threshold: number): Run {
  const { dictionary } = ctx;
  return function* orderBy(row) {
    const width = row.length;
    const keyTerm = (r: Row, i: number) => (r[width + i] === UNBOUND ? undefined : dictionary.valueTerm(r[width + i]!));
    const compare = (a: Row, b: Row) => {
      for (let i = 0; i < keys.length; i++) {
        const c = compareForOrderBy(keyTerm(a, i), keyTerm(b, i));
        if (c !== 0) return c * keys[i]!.sign;
      }
      return 0;
    };
    const rows = new SpillableRows<Row>(width + keys.length, { threshold, compare, signal: ctx.options.signal });
    try {
      for (const r of input(row)) {
        if (r === PAUSE) yield r;
        else rows.push([...r, ...keys.map((k) => { const t = k.value(r); return t === undefined ? UNBOUND : dictionary.id(t); })]);
      }
      ctx.checkAborted();
      for (const r of rows) yield r.slice(0, width);
    } finally {
      rows.close();
    }
  };
}
