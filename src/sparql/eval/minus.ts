/**
 * Minus (SPARQL 1.1 Query §18.5 "Minus", §8.3): a left row is removed when
 * some right row is compatible with it and shares at least one bound
 * variable. The right side is evaluated once, on its own.
 */
import type { PlanNode } from '../plan.ts';
import { PAUSE, UNBOUND, type Row, type Run } from './context.ts';
import type { Scope } from './evaluate.ts';

export function compileMinus(node: Extract<PlanNode, { type: 'minus' }>, scope: Scope): Run {
  const left = scope.compile(node.left);
  const right = scope.compile(node.right);
  const shared = node.shared.map((v) => scope.slots.of(v));
  const graphSlot = scope.graph.kind === 'variable' ? scope.graph.slot : -1;
  const { ctx } = scope;
  const cache = new Map<number, Row[]>();
  // No shared variable: no right row can ever remove a left row.
  if (shared.length === 0) return left;

  const removes = (l: Row, r: Row) => {
    let overlap = false;
    for (const slot of shared) {
      const a = l[slot]!;
      const b = r[slot]!;
      if (a === UNBOUND || b === UNBOUND) continue;
      if (a !== b) return false;
      overlap = true;
    }
    return overlap;
  };

  return function* minus(row) {
    const graphId = graphSlot < 0 ? 0 : row[graphSlot]!;
    let rights = cache.get(graphId);
    if (!rights) {
      rights = [];
      const base = ctx.emptyRow();
      if (graphSlot >= 0) base[graphSlot] = graphId;
      for (const r of right(base)) {
        if (r === PAUSE) yield r;
        else rights.push(r);
      }
      cache.set(graphId, rights);
    }
    for (const l of left(row)) {
      if (l === PAUSE) yield l;
      else if (!rights.some((r) => removes(l, r))) yield l;
    }
  };
}
