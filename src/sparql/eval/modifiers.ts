/**
 * Solution modifiers (SPARQL 1.1 Query §18.5 Project, Distinct, Reduced, Slice;
 * §15): they consume the rows of their input in order.
 */
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';

/**
 * Project: keeps the listed variables. Its input is a subquery scope of its
 * own (§12), so it runs on an empty row; the projected values are then
 * joined with the incoming row.
 */
export function compileProject(node: Extract<PlanNode, { type: 'project' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  const slots = node.variables.map((v) => scope.slots.of(v));
  const graphSlot = scope.graph.kind === 'variable' ? scope.graph.slot : -1;
  const { ctx } = scope;
  return function* project(row) {
    const base = ctx.emptyRow();
    if (graphSlot >= 0) base[graphSlot] = row[graphSlot]!;
    for (const r of input(base)) {
      if (r === PAUSE) {
        yield r;
        continue;
      }
      const out = row.slice();
      let compatible = true;
      for (const slot of slots) {
        const v = r[slot]!;
        if (v === UNBOUND) continue;
        if (out[slot] === UNBOUND) out[slot] = v;
        else if (out[slot] !== v) compatible = false;
      }
      if (compatible) yield out;
    }
  };
}

/** Distinct (and Reduced, which may drop any duplicates: we drop them all). */
export function compileDistinct(node: Extract<PlanNode, { type: 'distinct' | 'reduced' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  return function* distinct(row) {
    const seen = new Set<string>();
    for (const r of input(row)) {
      if (r === PAUSE) {
        yield r;
        continue;
      }
      const key = r.join(',');
      if (seen.has(key)) continue;
      seen.add(key);
      yield r;
    }
  };
}

/** Slice (OFFSET/LIMIT): stops pulling its input once the limit is reached. */
export function compileSlice(node: Extract<PlanNode, { type: 'slice' }>, scope: Scope): Run {
  const input = scope.compile(node.input);
  const { start, length } = node;
  return function* slice(row) {
    if (length === 0) return;
    let skipped = 0;
    let taken = 0;
    for (const r of input(row)) {
      if (r === PAUSE) yield r;
      else if (skipped < start) skipped++;
      else {
        yield r;
        if (length !== undefined && ++taken >= length) return;
      }
    }
  };
}
